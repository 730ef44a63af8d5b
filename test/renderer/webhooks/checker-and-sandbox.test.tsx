import { act, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useNavigation } from '../../../src/renderer/src/stores/navigation-store'
import { useWebhooks } from '../../../src/renderer/src/stores/webhooks-store'
import { WebhooksView } from '../../../src/renderer/src/views/webhooks/webhooks-view'
import { installFakeApi, type FakeApi } from '../fake-api'
import { renderWithProviders } from '../render'
import { delivery, endpoint, setEnvironment, stubDocumentFonts } from './fixtures'

let api: FakeApi

beforeEach(() => {
  stubDocumentFonts()
  api = installFakeApi()
  api.handle('listWebhooks', () => [endpoint()])
  api.handle('listSandboxDeliveries', () => [])
  setEnvironment('local')
  useNavigation.setState({ view: 'webhooks' })
})

afterEach(() => {
  vi.useRealTimers()
})

describe('the signature checker', () => {
  it('states the assumed algorithm and checks with the stored secret of the picked endpoint', async () => {
    const user = userEvent.setup()
    api.handle('verifySignature', () => ({
      valid: true,
      cause: 'valid',
      message: 'Valid: signed with this secret, 4 s ago.',
      skewSeconds: 4,
    }))
    useWebhooks.setState({ tab: 'checker' })
    renderWithProviders(<WebhooksView />)
    expect(screen.getByText(/does not publish its signing algorithm/)).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText(/Raw body/), { target: { value: '{"a":1}' } })
    await user.type(screen.getByLabelText('hook-id'), 'msg_1')
    await user.type(screen.getByLabelText('hook-timestamp'), '1700000000')
    await user.type(screen.getByLabelText('hook-signature'), 'v1,abc=')
    await vi.waitFor(() => {
      expect(useWebhooks.getState().checker.endpointId).toBe('ep_1')
    })
    await user.click(screen.getByRole('button', { name: 'Check signature' }))
    const result = await screen.findByTestId('signature-result')
    expect(result).toHaveTextContent('Valid signature')
    expect(result).toHaveTextContent('Signed 4 s before now')
    expect(api.calls('verifySignature')).toEqual([
      {
        body: '{"a":1}',
        hookId: 'msg_1',
        hookTimestamp: '1700000000',
        hookSignature: 'v1,abc=',
        secret: { endpointId: 'ep_1' },
        ignoreTimestamp: false,
      },
    ])
  })

  it('shows the cause of an invalid signature, with the skew', async () => {
    const user = userEvent.setup()
    api.handle('verifySignature', () => ({
      valid: false,
      cause: 'timestamp-too-old',
      message: 'The delivery is 900 s old.',
      skewSeconds: 900,
    }))
    useWebhooks.setState({ tab: 'checker' })
    renderWithProviders(<WebhooksView />)
    await user.click(screen.getByRole('button', { name: 'Check signature' }))
    const result = await screen.findByTestId('signature-result')
    expect(result).toHaveTextContent('Invalid: Timestamp outside the tolerance: too old')
    expect(result).toHaveTextContent('The delivery is 900 s old.')
    expect(result).toHaveTextContent('Signed 900 s before now')
  })

  it('sends a pasted secret and the ignore-the-time-window option', async () => {
    const user = userEvent.setup()
    api.handle('verifySignature', () => ({
      valid: false,
      cause: 'signature-as-secret',
      message: 'That is a signature.',
      skewSeconds: null,
    }))
    useWebhooks.setState({ tab: 'checker' })
    renderWithProviders(<WebhooksView />)
    await user.click(screen.getByText('Paste a secret'))
    await user.type(screen.getByLabelText(/Signing secret/), 'v1,abc')
    await user.click(screen.getByRole('checkbox', { name: /Ignore the time window/ }))
    await user.click(screen.getByRole('button', { name: 'Check signature' }))
    expect(await screen.findByTestId('signature-result')).toHaveTextContent('Invalid: A signature was pasted where the secret belongs')
    expect(api.calls('verifySignature')[0]).toMatchObject({ secret: { value: 'v1,abc' }, ignoreTimestamp: true })
  })

  it('splits a pasted delivery into the fields', async () => {
    const user = userEvent.setup()
    useWebhooks.setState({ tab: 'checker' })
    renderWithProviders(<WebhooksView />)
    await user.click(screen.getByRole('button', { name: /Paste a whole delivery/ }))
    fireEvent.change(await screen.findByLabelText(/Raw delivery/), {
      target: { value: 'hook-id: msg_7\nhook-timestamp: 1700000001\nhook-signature: v1,zz=\n\n{"b":2}' },
    })
    await user.click(await screen.findByRole('button', { name: 'Split into fields' }))
    expect(screen.getByLabelText('hook-id')).toHaveValue('msg_7')
    expect(screen.getByLabelText('hook-timestamp')).toHaveValue('1700000001')
    expect(screen.getByLabelText('hook-signature')).toHaveValue('v1,zz=')
    expect(screen.getByLabelText(/Raw body/)).toHaveValue('{"b":2}')
  })
})

describe('test events and deliveries', () => {
  it('exist only on the local sandbox', () => {
    setEnvironment('operator')
    useWebhooks.setState({ tab: 'sandbox' })
    renderWithProviders(<WebhooksView />)
    expect(screen.getByText('Test events exist only on the local sandbox')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Open Settings' })).toBeInTheDocument()
  })

  it('sends a test event with the chosen payment and decline code', async () => {
    const user = userEvent.setup()
    api.handle('sendTestEvent', (request) => ({ type: request.type, paymentId: request.paymentId }))
    useWebhooks.setState({ tab: 'sandbox' })
    renderWithProviders(<WebhooksView />)
    const id = screen.getByRole('combobox', { name: /Payment ID/ })
    await user.clear(id)
    await user.type(id, 'pay_seed_settled_2')
    await user.click(screen.getByRole('button', { name: 'Send test event' }))
    expect(await screen.findByText(/watch its delivery below/)).toBeInTheDocument()
    expect(api.calls('sendTestEvent')).toEqual([{ type: 'payment.failed', paymentId: 'pay_seed_settled_2', code: 'card_declined' }])
  })

  it('lists deliveries with their attempts and pre-fills the checker from one', async () => {
    const user = userEvent.setup()
    api.handle('listSandboxDeliveries', () => [
      delivery({
        hookId: 'msg_42',
        status: 'failed',
        attempts: [
          {
            attempt: 1,
            startedAt: new Date().toISOString(),
            hookTimestamp: 1_700_000_000,
            durationMs: 31,
            statusCode: 500,
            error: 'receiver answered 500',
          },
          {
            attempt: 2,
            startedAt: new Date().toISOString(),
            hookTimestamp: 1_700_000_002,
            durationMs: 5_000,
            statusCode: null,
            error: 'no answer within 5000 ms',
          },
        ],
      }),
    ])
    useWebhooks.setState({ tab: 'sandbox' })
    renderWithProviders(<WebhooksView />)
    const card = await screen.findByTestId('delivery')
    expect(within(card).getByText('msg_42')).toBeInTheDocument()
    expect(within(card).getByTestId('delivery-status')).toHaveTextContent('failed')
    expect(within(card).getByText('receiver answered 500')).toBeInTheDocument()
    expect(within(card).getByText('no answer within 5000 ms')).toBeInTheDocument()
    expect(within(card).getByText('5000 ms')).toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'Check its signature' }))
    expect(await screen.findByLabelText('hook-id')).toHaveValue('msg_42')
    expect(screen.getByLabelText('hook-timestamp')).toHaveValue('1700000002')
    expect(screen.getByTestId('checker-prefill-note')).toHaveTextContent(/body and the signature are not in/)
  })

  it('polls the deliveries every 2 s while the screen is open, and stops when it closes', async () => {
    vi.useFakeTimers()
    const view = renderWithProviders(<WebhooksView />)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100)
    })
    const afterLoad = api.calls('listSandboxDeliveries').length
    expect(afterLoad).toBe(1)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_000)
    })
    expect(api.calls('listSandboxDeliveries').length).toBe(3)
    view.unmount()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(api.calls('listSandboxDeliveries').length).toBe(3)
  })

  it('does not poll when no endpoint of this app is on the sandbox', async () => {
    api.handle('listWebhooks', () => [endpoint({ environment: 'production' })])
    renderWithProviders(<WebhooksView />)
    await screen.findByTestId('endpoint-row')
    expect(api.calls('listSandboxDeliveries')).toHaveLength(0)
  })
})
