import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { useNavigation } from '../../../src/renderer/src/stores/navigation-store'
import { useWebhooks } from '../../../src/renderer/src/stores/webhooks-store'
import { WebhooksView } from '../../../src/renderer/src/views/webhooks/webhooks-view'
import { installFakeApi, type FakeApi } from '../fake-api'
import { renderWithProviders } from '../render'
import { endpoint, setEnvironment } from './fixtures'

let api: FakeApi

beforeEach(() => {
  api = installFakeApi()
  api.handle('listWebhooks', () => [])
  api.handle('listSandboxDeliveries', () => [])
  setEnvironment('local')
  useNavigation.setState({ view: 'webhooks' })
})

describe('registering an endpoint', () => {
  it('says when nothing is registered yet and that the service cannot list its endpoints', async () => {
    renderWithProviders(<WebhooksView />)
    expect(await screen.findByText('No endpoints registered from this app yet')).toBeInTheDocument()
    expect(screen.getByText(/service's own list of endpoints is not available through its documented API/)).toBeInTheDocument()
  })

  it('checks the URL before sending anything', async () => {
    const user = userEvent.setup()
    renderWithProviders(<WebhooksView />)
    await user.type(screen.getByLabelText(/Endpoint URL/), 'http://hooks.example.com/x')
    await user.click(screen.getByRole('button', { name: 'Register endpoint' }))
    expect(await screen.findByText(/must use https/)).toBeInTheDocument()
    expect(api.calls('registerWebhook')).toHaveLength(0)
  })

  it('shows the event names a Connect account receives', async () => {
    const user = userEvent.setup()
    renderWithProviders(<WebhooksView />)
    expect(screen.getByText('payment.failed')).toBeInTheDocument()
    await user.click(screen.getByRole('switch', { name: /Connect/ }))
    expect(screen.getByText('connect.payment.failed')).toBeInTheDocument()
    expect(screen.getByText('connect.payment.settled')).toBeInTheDocument()
    expect(screen.getByText(/does not publish its full event catalogue/)).toBeInTheDocument()
  })

  it('registers and shows the new endpoint with its fingerprint', async () => {
    const user = userEvent.setup()
    api.handle('registerWebhook', (request) => endpoint({ id: 'ep_new', url: request.url, connect: request.connect }))
    renderWithProviders(<WebhooksView />)
    await user.type(screen.getByLabelText(/Endpoint URL/), 'https://hooks.example.com/pay')
    await user.click(screen.getByRole('switch', { name: /Connect/ }))
    await user.click(screen.getByRole('button', { name: 'Register endpoint' }))
    const panel = await screen.findByTestId('endpoint-panel')
    expect(within(panel).getByTestId('endpoint-fingerprint')).toHaveTextContent('SHA256:abcd ef01 2345 6789')
    expect(within(panel).getByText('connect.payment.settled')).toBeInTheDocument()
    expect(api.calls('registerWebhook')).toEqual([{ url: 'https://hooks.example.com/pay', connect: true }])
  })

  it('in Production, warns on the form and leaves the confirmation to the main process', async () => {
    const user = userEvent.setup()
    setEnvironment('production')
    api.handle('registerWebhook', (request) => endpoint({ url: request.url, environment: 'production' }))
    renderWithProviders(<WebhooksView />)
    expect(screen.getByText(/asks you to confirm in a separate dialog/)).toBeInTheDocument()
    await user.type(screen.getByLabelText(/Endpoint URL/), 'https://hooks.example.com/pay')
    await user.click(screen.getByRole('button', { name: 'Register endpoint' }))
    await screen.findByTestId('endpoint-panel')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(api.calls('registerWebhook')).toEqual([{ url: 'https://hooks.example.com/pay', connect: false }])
  })

  it('shows the service error message when registration fails', async () => {
    const user = userEvent.setup()
    api.fail('registerWebhook', { code: 'unauthorized', message: 'The service refused the private key (401).' })
    renderWithProviders(<WebhooksView />)
    await user.type(screen.getByLabelText(/Endpoint URL/), 'https://hooks.example.com/pay')
    await user.click(screen.getByRole('button', { name: 'Register endpoint' }))
    expect(await screen.findByText('The service refused the private key (401).')).toBeInTheDocument()
  })
})

/** As the main process does: the reveal is recorded, and the list says so from then on. */
function serveRevealOnce(): void {
  let revealedAt: number | null = null
  api.handle('listWebhooks', () => [endpoint({ revealedAt })])
  api.handle('revealWebhookSecret', () => {
    revealedAt = Date.now()
    return { secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0' }
  })
}

describe('the secret', () => {
  it('is revealed only after the warning, masked, said to be the only time, and forgotten when the panel closes', async () => {
    const user = userEvent.setup()
    serveRevealOnce()
    renderWithProviders(<WebhooksView />)
    await user.click(await screen.findByRole('button', { name: 'Open https://hooks.example.com/payments' }))
    await user.click(screen.getByRole('button', { name: 'Reveal secret once…' }))
    const warning = await screen.findByRole('dialog', { name: 'Reveal the signing secret?' })
    expect(within(warning).getByText(/can forge deliveries/)).toBeInTheDocument()
    expect(within(warning).getByText(/shown only this once/)).toBeInTheDocument()
    expect(api.calls('revealWebhookSecret')).toHaveLength(0)
    await user.click(within(warning).getByRole('button', { name: 'Reveal secret' }))
    const field = await screen.findByLabelText('Signing secret')
    expect(field).toHaveValue('whsec_c2VjcmV0c2VjcmV0c2VjcmV0')
    expect(field).toHaveAttribute('type', 'password')
    expect(screen.getByRole('button', { name: 'Copy secret' })).toBeInTheDocument()
    expect(screen.getByText('This is the only time it is shown')).toBeInTheDocument()
    expect(api.calls('revealWebhookSecret')).toEqual([{ endpointId: 'ep_1' }])

    await user.click(screen.getByRole('button', { name: 'Close the endpoint panel' }))
    await user.click(screen.getByRole('button', { name: 'Open https://hooks.example.com/payments' }))
    expect(screen.queryByLabelText('Signing secret')).not.toBeInTheDocument()
    // No button that can only lead to a refusal: it says what happened and what to do.
    expect(screen.queryByRole('button', { name: 'Reveal secret once…' })).not.toBeInTheDocument()
    expect(screen.getByTestId('secret-revealed')).toHaveTextContent(/shown only once.*register the endpoint anew/)
  })

  it('is hidden for good by the admin, once saved', async () => {
    const user = userEvent.setup()
    serveRevealOnce()
    renderWithProviders(<WebhooksView />)
    await user.click(await screen.findByRole('button', { name: 'Open https://hooks.example.com/payments' }))
    await user.click(screen.getByRole('button', { name: 'Reveal secret once…' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reveal secret' }))
    await screen.findByLabelText('Signing secret')
    await user.click(screen.getByRole('button', { name: 'I have saved it: hide for good' }))
    expect(screen.queryByLabelText('Signing secret')).not.toBeInTheDocument()
    expect(await screen.findByTestId('secret-revealed')).toBeInTheDocument()
    expect(api.calls('revealWebhookSecret')).toHaveLength(1)
  })

  it('is forgotten when the screen is left', async () => {
    const user = userEvent.setup()
    api.handle('listWebhooks', () => [endpoint()])
    api.handle('revealWebhookSecret', () => ({ secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0' }))
    const view = renderWithProviders(<WebhooksView />)
    await user.click(await screen.findByRole('button', { name: 'Open https://hooks.example.com/payments' }))
    await user.click(screen.getByRole('button', { name: 'Reveal secret once…' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reveal secret' }))
    await screen.findByLabelText('Signing secret')
    view.unmount()
    renderWithProviders(<WebhooksView />)
    await screen.findByTestId('endpoint-panel')
    expect(screen.queryByLabelText('Signing secret')).not.toBeInTheDocument()
  })

  it('says so when main refuses a second reveal, and shows the endpoint as revealed', async () => {
    const user = userEvent.setup()
    let revealedAt: number | null = null
    // The list says "never revealed" (webhooks.json edited by hand); main knows better.
    api.handle('listWebhooks', () => [endpoint({ revealedAt })])
    api.fail('revealWebhookSecret', {
      code: 'secret-already-revealed',
      message: 'The secret of this endpoint was already revealed (2026-03-01T12:00:00.000Z) and is shown only once.',
    })
    renderWithProviders(<WebhooksView />)
    await user.click(await screen.findByRole('button', { name: 'Open https://hooks.example.com/payments' }))
    await user.click(screen.getByRole('button', { name: 'Reveal secret once…' }))
    revealedAt = Date.UTC(2026, 2, 1, 12)
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reveal secret' }))
    expect(await screen.findByText('Already revealed: a secret is shown only once')).toBeInTheDocument()
    expect(screen.getByText(/already revealed \(2026-03-01T12:00:00.000Z\)/)).toBeInTheDocument()
    expect(await screen.findByTestId('secret-revealed')).toBeInTheDocument()
    expect(screen.queryByLabelText('Signing secret')).not.toBeInTheDocument()
  })

  it('warns loudly when the keychain refused the secret', async () => {
    api.handle('listWebhooks', () => [endpoint({ secretStored: false })])
    useWebhooks.setState({ selectedId: 'ep_1' })
    renderWithProviders(<WebhooksView />)
    expect(await screen.findByText("The keychain refused this endpoint's secret")).toBeInTheDocument()
    expect(screen.getByText(/exists only in this app's memory until you quit/)).toBeInTheDocument()
    expect(screen.getByText('Secret not in keychain')).toBeInTheDocument()
  })
})
