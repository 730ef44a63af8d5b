import { beforeEach, describe, expect, it } from 'vitest'
import { useWebhookSandbox } from '../../../src/renderer/src/stores/webhook-sandbox-store'
import { useWebhooks } from '../../../src/renderer/src/stores/webhooks-store'
import { installFakeApi, type FakeApi } from '../fake-api'
import { delivery, endpoint } from './fixtures'

let api: FakeApi

beforeEach(() => {
  api = installFakeApi()
})

describe('webhooks store', () => {
  it('loads the endpoints and picks the first as the checker secret', async () => {
    api.handle('listWebhooks', () => [endpoint({ id: 'ep_a' }), endpoint({ id: 'ep_b' })])
    await useWebhooks.getState().load()
    const state = useWebhooks.getState()
    expect(state.endpoints.map((e) => e.id)).toEqual(['ep_a', 'ep_b'])
    expect(state.loaded).toBe(true)
    expect(state.checker.endpointId).toBe('ep_a')
  })

  it('keeps the load error as the typed message', async () => {
    api.fail('listWebhooks', { code: 'storage', message: 'The list could not be read.' })
    await useWebhooks.getState().load()
    expect(useWebhooks.getState().loadError).toEqual({ code: 'storage', message: 'The list could not be read.' })
  })

  it('registers, selects the new endpoint and puts it first', async () => {
    useWebhooks.setState({ endpoints: [endpoint({ id: 'ep_old' })] })
    api.handle('registerWebhook', () => endpoint({ id: 'ep_new' }))
    const outcome = await useWebhooks.getState().register({ url: 'https://a.example/x', connect: true })
    expect(outcome.kind).toBe('registered')
    expect(api.calls('registerWebhook')).toEqual([{ url: 'https://a.example/x', connect: true }])
    expect(useWebhooks.getState().endpoints.map((e) => e.id)).toEqual(['ep_new', 'ep_old'])
    expect(useWebhooks.getState().selectedId).toBe('ep_new')
  })

  it('reports a dialog cancelled in the main process as a failure, with its words', async () => {
    const declined = {
      code: 'confirmation-declined' as const,
      message: 'Register a webhook endpoint in Production: cancelled in the confirmation dialog. Nothing was sent.',
    }
    api.fail('registerWebhook', declined)
    const outcome = await useWebhooks.getState().register({ url: 'https://a.example/x', connect: false })
    expect(outcome).toEqual({ kind: 'failed', error: declined })
    expect(useWebhooks.getState().registerError).toEqual(declined)
  })

  it('checks with the stored secret by endpoint ID, or with the pasted value', async () => {
    api.handle('verifySignature', () => ({ valid: true, cause: 'valid', message: 'Valid.', skewSeconds: 3 }))
    const store = useWebhooks.getState()
    store.setChecker({ body: '{}', hookId: 'msg_1', hookTimestamp: '1', hookSignature: 'v1,x', endpointId: 'ep_1' })
    await useWebhooks.getState().check()
    store.setChecker({ secretSource: 'pasted', pastedSecret: 'whsec_abc', ignoreTimestamp: true })
    await useWebhooks.getState().check()
    expect(api.calls('verifySignature')).toEqual([
      { body: '{}', hookId: 'msg_1', hookTimestamp: '1', hookSignature: 'v1,x', secret: { endpointId: 'ep_1' }, ignoreTimestamp: false },
      { body: '{}', hookId: 'msg_1', hookTimestamp: '1', hookSignature: 'v1,x', secret: { value: 'whsec_abc' }, ignoreTimestamp: true },
    ])
    expect(useWebhooks.getState().result?.valid).toBe(true)
  })

  it('asks for an endpoint before checking with a stored secret', async () => {
    await useWebhooks.getState().check()
    expect(useWebhooks.getState().checkError?.code).toBe('validation')
    expect(api.calls('verifySignature')).toHaveLength(0)
  })

  it('clears a result as soon as a field changes', () => {
    useWebhooks.setState({ result: { valid: true, cause: 'valid', message: 'Valid.', skewSeconds: 0 } })
    useWebhooks.getState().setChecker({ body: 'x' })
    expect(useWebhooks.getState().result).toBeNull()
  })

  it('pre-fills the checker from a delivery: hook-id, the last timestamp, its endpoint', () => {
    const last = {
      attempt: 2,
      startedAt: new Date().toISOString(),
      hookTimestamp: 1_700_000_099,
      durationMs: 5,
      statusCode: 200,
      error: null,
    }
    useWebhooks.getState().setChecker({ body: 'old', hookSignature: 'v1,old' })
    useWebhooks.getState().checkDelivery(delivery({ hookId: 'msg_9', localEndpointId: 'ep_9', attempts: [...delivery().attempts, last] }))
    const { checker, tab, prefillNote } = useWebhooks.getState()
    expect(tab).toBe('checker')
    expect(checker).toMatchObject({ hookId: 'msg_9', hookTimestamp: '1700000099', endpointId: 'ep_9', body: '', hookSignature: '' })
    expect(prefillNote).toMatch(/not in the sandbox's delivery list/)
  })

  it('forgets a pasted secret when the screen is left', () => {
    useWebhooks.getState().setChecker({ secretSource: 'pasted', pastedSecret: 'whsec_abc' })
    useWebhooks.getState().leave()
    expect(useWebhooks.getState().checker.pastedSecret).toBe('')
  })

  it('asks again when the delivery filter changed while a refresh was on its way', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    api.handle('listSandboxDeliveries', async (request) => {
      if (!('endpointId' in request)) await gate
      return [delivery({ id: request.endpointId ?? 'all' })]
    })
    const first = useWebhookSandbox.getState().refreshDeliveries()
    useWebhookSandbox.setState({ deliveriesEndpointId: 'ep_1' })
    release()
    await first
    expect(useWebhookSandbox.getState().deliveries.map((d) => d.id)).toEqual(['ep_1'])
  })

  it('sends a test event and refreshes the deliveries', async () => {
    api.handle('sendTestEvent', (request) => ({ type: request.type, paymentId: request.paymentId }))
    api.handle('listSandboxDeliveries', () => [delivery()])
    const sent = await useWebhookSandbox
      .getState()
      .sendTestEvent({ type: 'payment.failed', paymentId: 'pay_seed_pending_1', code: 'expired_card' })
    expect(sent).toBe(true)
    expect(api.calls('sendTestEvent')).toEqual([{ type: 'payment.failed', paymentId: 'pay_seed_pending_1', code: 'expired_card' }])
    await expect.poll(() => useWebhookSandbox.getState().deliveries).toHaveLength(1)
  })

  it('keeps the reason a test event was refused', async () => {
    api.fail('sendTestEvent', { code: 'sandbox-only', message: 'Only on the local sandbox.' })
    expect(await useWebhookSandbox.getState().sendTestEvent({ type: 'payment.settled', paymentId: 'pay_x' })).toBe(false)
    expect(useWebhookSandbox.getState().sendError?.message).toBe('Only on the local sandbox.')
  })
})
