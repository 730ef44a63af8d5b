import { Webhook, WebhookVerificationError } from 'standardwebhooks'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type Delivery, type RunningSandbox } from '../../src/sandbox'
import { apiClient, type ApiClient } from '../helpers/sandbox-client'
import { waitFor } from '../helpers/wait-for'
import { standardHeaders, startWebhookReceiver, type ReceivedHook, type WebhookReceiver } from '../helpers/webhook-receiver'

let sandbox: RunningSandbox
let api: ApiClient
let receiver: WebhookReceiver

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: { rate: 0 }, webhookDelivery: { baseDelayMs: 20, maxAttempts: 3, timeoutMs: 2_000 } })
  api = apiClient(sandbox)
})
beforeEach(async () => {
  await api.post('/sandbox/reset')
  receiver = await startWebhookReceiver()
})
afterEach(() => receiver.close())
afterAll(() => sandbox.close())

interface Envelope {
  id: string
  type: string
  timestamp: string
  data: Record<string, unknown> & { id: string; lastDepositAttempt: Record<string, unknown> | null }
}

async function register(url: string, connect = false): Promise<{ id: string; secret: string }> {
  const reply = await api.post('/api/webhook', { url, connect })
  expect(reply.status, reply.text).toBe(201)
  return reply.json as { id: string; secret: string }
}

function verify(secret: string, hook: ReceivedHook): Envelope {
  return new Webhook(secret).verify(hook.body, standardHeaders(hook.headers)) as Envelope
}

async function deliveriesOf(endpointId: string): Promise<Delivery[]> {
  return (await api.get(`/sandbox/deliveries?endpointId=${endpointId}`)).json as Delivery[]
}

async function settledDelivery(endpointId: string): Promise<Delivery> {
  return waitFor(
    async () => {
      const [delivery] = await deliveriesOf(endpointId)
      return delivery && delivery.status !== 'pending' && delivery
    },
    { what: 'the delivery to finish' },
  )
}

describe('a delivered webhook', () => {
  it('payment.failed is signed the Standard Webhooks way and carries the full payment with its error', async () => {
    const endpoint = await register(receiver.url)
    await api.post('/sandbox/payments/pay_seed_pending_1/fail', { code: 'do_not_honor' })
    const [hook] = await receiver.waitForRequests(1)
    if (!hook) throw new Error('no delivery')

    expect(hook.headers['content-type']).toBe('application/json')
    expect(hook.headers['hook-id']).toMatch(/^msg_[A-Za-z0-9]+$/)
    expect(Math.abs(Number(hook.headers['hook-timestamp']) - Date.now() / 1000)).toBeLessThan(10)
    expect(hook.headers['hook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/)

    const event = verify(endpoint.secret, hook)
    expect(event.type).toBe('payment.failed')
    expect(event.id).toMatch(/^evt_/)
    expect(event.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(event.data.lastDepositAttempt).toMatchObject({ status: 'failed', error: 'do_not_honor' })
    expect(event.data).toEqual((await api.get('/api/payment/pay_seed_pending_1')).json)
  })

  it('fails verification when the body, the timestamp or the secret is not the one signed', async () => {
    const endpoint = await register(receiver.url)
    await api.post('/sandbox/payments/pay_seed_pending_1/fail', { code: 'card_declined' })
    const [hook] = await receiver.waitForRequests(1)
    if (!hook) throw new Error('no delivery')
    const headers = standardHeaders(hook.headers)
    const webhook = new Webhook(endpoint.secret)
    expect(() => webhook.verify(hook.body.replace('card_declined', 'lost_card'), headers)).toThrow(WebhookVerificationError)
    const later = String(Number(headers['webhook-timestamp']) + 1)
    expect(() => webhook.verify(hook.body, { ...headers, 'webhook-timestamp': later })).toThrow(WebhookVerificationError)
    const other = await register(`${receiver.url}/other`)
    expect(() => new Webhook(other.secret).verify(hook.body, headers)).toThrow(WebhookVerificationError)
  })

  it('payment.settled goes out when a payment settles', async () => {
    const endpoint = await register(receiver.url)
    await api.post('/sandbox/payments/pay_seed_expired_card/settle')
    const [hook] = await receiver.waitForRequests(1)
    if (!hook) throw new Error('no delivery')
    const event = verify(endpoint.secret, hook)
    expect(event.type).toBe('payment.settled')
    expect(event.data).toMatchObject({
      id: 'pay_seed_expired_card',
      status: 'settled',
      lastDepositAttempt: { status: 'succeeded', error: null },
    })
  })

  it('goes to every endpoint, each signed with its own secret, and connect. types for Connect ones', async () => {
    const direct = await register(receiver.url)
    const connect = await register(`${receiver.url}/connect`, true)
    await api.post('/sandbox/payments/pay_seed_pending_2/fail', { code: 'insufficient_funds' })
    const hooks = await receiver.waitForRequests(2)
    const toDirect = hooks.find((hook) => hook.path === '/hooks')
    const toConnect = hooks.find((hook) => hook.path === '/hooks/connect')
    if (!toDirect || !toConnect) throw new Error('each endpoint should get one delivery')
    expect(verify(direct.secret, toDirect).type).toBe('payment.failed')
    expect(verify(connect.secret, toConnect).type).toBe('connect.payment.failed')
    expect(verify(connect.secret, toConnect).data.lastDepositAttempt).toMatchObject({ error: 'insufficient_funds' })
    expect(() => verify(direct.secret, toConnect)).toThrow(WebhookVerificationError)
    expect(toDirect.headers['hook-id']).not.toBe(toConnect.headers['hook-id'])
  })

  it('nothing is sent before an endpoint is registered', async () => {
    await api.post('/sandbox/payments/pay_seed_pending_1/fail', { code: 'card_declined' })
    await register(receiver.url)
    await api.post('/sandbox/payments/pay_seed_pending_1/settle')
    const [hook] = await receiver.waitForRequests(1)
    expect(JSON.parse(hook?.body ?? '{}')).toMatchObject({ type: 'payment.settled' })
    expect((await api.get('/sandbox/deliveries')).json).toHaveLength(1)
  })
})

describe('retries', () => {
  it('a receiver that fails twice then succeeds gets three attempts with one hook-id', async () => {
    const endpoint = await register(receiver.url)
    receiver.failNext(2, 500)
    await api.post('/sandbox/payments/pay_seed_pending_1/fail', { code: 'processing_error' })
    const hooks = await receiver.waitForRequests(3)
    expect(hooks.map((hook) => hook.answeredWith)).toEqual([500, 500, 200])
    expect(new Set(hooks.map((hook) => hook.headers['hook-id'])).size).toBe(1)
    for (const hook of hooks) expect(verify(endpoint.secret, hook).data.lastDepositAttempt).toMatchObject({ error: 'processing_error' })

    const delivery = await settledDelivery(endpoint.id)
    expect(delivery).toMatchObject({
      status: 'delivered',
      eventType: 'payment.failed',
      paymentId: 'pay_seed_pending_1',
      nextAttemptAt: null,
    })
    expect(delivery.hookId).toBe(hooks[0]?.headers['hook-id'])
    expect(delivery.attempts.map((a) => [a.attempt, a.statusCode, a.error])).toEqual([
      [1, 500, 'receiver answered 500'],
      [2, 500, 'receiver answered 500'],
      [3, 200, null],
    ])
    expect(receiver.requests).toHaveLength(3)
  })

  it('backs off exponentially and signs each attempt with a fresh timestamp', async () => {
    // 400 ms then 800 ms: the first and third attempts are always in different seconds.
    await api.put('/sandbox/webhook-delivery', { baseDelayMs: 400, maxAttempts: 3 })
    const endpoint = await register(receiver.url)
    receiver.failNext(2, 503)
    await api.post('/sandbox/payments/pay_seed_pending_1/settle')
    const [first, second, third] = await receiver.waitForRequests(3, 10_000)
    if (!first || !second || !third) throw new Error('three attempts expected')
    expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(390)
    expect(third.receivedAt - second.receivedAt).toBeGreaterThanOrEqual(790)
    const stamps = [first, second, third].map((hook) => Number(hook.headers['hook-timestamp']))
    expect(stamps[2]).toBeGreaterThan(stamps[0] ?? Infinity)
    for (const hook of [first, second, third]) verify(endpoint.secret, hook)
    const delivery = await settledDelivery(endpoint.id)
    expect(delivery.attempts.map((a) => a.hookTimestamp)).toEqual(stamps)
  })

  it('gives up after maxAttempts and says why each attempt failed', async () => {
    const endpoint = await register(receiver.url)
    receiver.failNext(10, 503)
    await api.post('/sandbox/payments/pay_seed_pending_2/fail', { code: 'lost_card' })
    const delivery = await settledDelivery(endpoint.id)
    expect(delivery.status).toBe('failed')
    expect(delivery.nextAttemptAt).toBeNull()
    expect(delivery.attempts.map((a) => a.error)).toEqual(['receiver answered 503', 'receiver answered 503', 'receiver answered 503'])
    // The last attempt schedules nothing, so the count is final once the delivery has failed.
    expect(receiver.requests).toHaveLength(3)
  })

  it('treats a redirect as a failure and does not follow it', async () => {
    const endpoint = await register(receiver.url)
    receiver.failNext(3, 302)
    await api.post('/sandbox/payments/pay_seed_pending_2/settle')
    const delivery = await settledDelivery(endpoint.id)
    expect(delivery.status).toBe('failed')
    expect(delivery.attempts.map((a) => a.statusCode)).toEqual([302, 302, 302])
  })

  it('retries a receiver that does not answer in time, with the same hook-id', async () => {
    // Long enough that a loaded machine's answer to the second attempt is not also late.
    await api.put('/sandbox/webhook-delivery', { timeoutMs: 1_000 })
    const endpoint = await register(receiver.url)
    receiver.hangNext(1)
    await api.post('/sandbox/payments/pay_seed_pending_1/fail', { code: 'card_declined' })
    const delivery = await settledDelivery(endpoint.id)
    expect(delivery.status).toBe('delivered')
    expect(delivery.attempts.map((a) => [a.statusCode, a.error])).toEqual([
      [null, 'no answer within 1000 ms'],
      [200, null],
    ])
    expect(delivery.attempts[0]?.durationMs).toBeGreaterThanOrEqual(990)
    const [hung, answered] = receiver.requests
    expect(answered?.headers['hook-id']).toBe(hung?.headers['hook-id'])
  })

  it('records a receiver that refuses the connection', async () => {
    const gone = await startWebhookReceiver()
    await gone.close()
    const endpoint = await register(gone.url)
    await api.post('/sandbox/payments/pay_seed_pending_1/settle')
    const delivery = await settledDelivery(endpoint.id)
    expect(delivery.status).toBe('failed')
    expect(delivery.attempts).toHaveLength(3)
    for (const attempt of delivery.attempts) expect(attempt).toMatchObject({ statusCode: null, error: 'connection failed (ECONNREFUSED)' })
  })

  it('stops retrying deliveries that a reset removed', async () => {
    await api.put('/sandbox/webhook-delivery', { baseDelayMs: 100, maxAttempts: 5 })
    await register(receiver.url)
    receiver.failNext(10, 500)
    await api.post('/sandbox/payments/pay_seed_pending_1/fail', { code: 'card_declined' })
    await receiver.waitForRequests(1)
    await api.post('/sandbox/reset')
    // A retry already on the wire when the reset came may still land: let it, then count.
    await new Promise((resolve) => setTimeout(resolve, 50))
    const seen = receiver.requests.length
    // Asserting that nothing arrives needs a wait: longer than the next two retries (100 + 200 ms).
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(receiver.requests).toHaveLength(seen)
  })
})

describe('GET /sandbox/deliveries', () => {
  it('lists deliveries newest first and filters by endpoint', async () => {
    const first = await register(receiver.url)
    const second = await register(`${receiver.url}/2`)
    await api.post('/sandbox/payments/pay_seed_pending_1/fail', { code: 'card_declined' })
    await api.post('/sandbox/payments/pay_seed_pending_1/settle')
    await receiver.waitForRequests(4)
    const all = (await api.get('/sandbox/deliveries')).json as Delivery[]
    expect(all.map((d) => d.eventType)).toEqual(['payment.settled', 'payment.settled', 'payment.failed', 'payment.failed'])
    const onlyFirst = await deliveriesOf(first.id)
    expect(onlyFirst.map((d) => [d.endpointId, d.eventType])).toEqual([
      [first.id, 'payment.settled'],
      [first.id, 'payment.failed'],
    ])
    expect(await deliveriesOf(second.id)).toHaveLength(2)
    expect(await deliveriesOf('we_unknown')).toEqual([])
  })
})
