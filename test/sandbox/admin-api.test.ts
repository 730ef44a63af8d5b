import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
import { apiClient, expectError, type ApiClient } from '../helpers/sandbox-client'

let sandbox: RunningSandbox
let api: ApiClient

const initialRateLimit = { rate: 0, burst: 10 }
const initialDelivery = { maxAttempts: 4, baseDelayMs: 250, timeoutMs: 1_000 }

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: initialRateLimit, webhookDelivery: initialDelivery })
  api = apiClient(sandbox)
})
beforeEach(async () => {
  expect((await api.post('/sandbox/reset')).status).toBe(200)
})
afterAll(() => sandbox.close())

const order = {
  products: [{ name: 'Seat', price: 2500, quantity: 2 }],
  currency: 'USD',
  customerEmail: 'grace@example.org',
  successUrl: 'https://shop.example.com/ok',
  cancelUrl: 'https://shop.example.com/cancel',
}

describe('POST /sandbox/payments/{id}/fail and /settle', () => {
  it('fails a pending payment with a code, which GET then shows', async () => {
    const reply = await api.post('/sandbox/payments/pay_seed_pending_1/fail', { code: 'expired_card' })
    expect(reply.status, reply.text).toBe(200)
    const failed = reply.json as { amount: number; lastDepositAttempt: unknown }
    expect(failed).toMatchObject({ id: 'pay_seed_pending_1', status: 'failed' })
    expect(failed.lastDepositAttempt).toMatchObject({
      status: 'failed',
      error: 'expired_card',
      paymentMethod: 'CARD',
      amount: failed.amount,
    })
    expect((await api.get('/api/payment/pay_seed_pending_1')).json).toEqual(failed)
  })

  it('records the payment method when one is given', async () => {
    const reply = await api.post('/sandbox/payments/pay_seed_pending_2/fail', {
      code: 'authentication_required',
      paymentMethod: 'SEPA_DEBIT',
    })
    expect(reply.json).toMatchObject({ lastDepositAttempt: { paymentMethod: 'SEPA_DEBIT', error: 'authentication_required' } })
  })

  it('settles a failed payment: status settled, attempt succeeded with no error', async () => {
    const reply = await api.post('/sandbox/payments/pay_seed_card_declined/settle')
    expect(reply.status, reply.text).toBe(200)
    expect(reply.json).toMatchObject({ status: 'settled', lastDepositAttempt: { status: 'succeeded', error: null, paymentMethod: 'CARD' } })
    expect((await api.get('/api/payment/pay_seed_card_declined')).json).toMatchObject({ status: 'settled' })
  })

  it('works on a payment created through checkout, with a fresh attempt time', async () => {
    const created = (await api.post('/api/checkout/payment', order)).json as { id: string }
    const before = Date.now()
    const reply = await api.post(`/sandbox/payments/${created.id}/fail`, { code: 'card_declined' })
    const attempt = (reply.json as { lastDepositAttempt: { amount: number; attemptedAt: string } }).lastDepositAttempt
    expect(attempt.amount).toBe(5000)
    expect(attempt.attemptedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(Date.parse(attempt.attemptedAt)).toBeGreaterThanOrEqual(before - 1)
  })

  it.each([
    [{}, ['code must be a payment error code such as card_declined']],
    [{ code: '' }, ['code must be a payment error code such as card_declined']],
    [{ code: 'Card Declined' }, ['code must be a payment error code such as card_declined']],
    [{ code: 42 }, ['code must be a payment error code such as card_declined']],
    [{ code: 'card_declined', paymentMethod: 'card' }, ['paymentMethod must be an upper-case method name such as CARD']],
  ])('refuses fail %j with 400', async (body, message) => {
    expectError(await api.post('/sandbox/payments/pay_seed_pending_1/fail', body), 400, message)
    expect((await api.get('/api/payment/pay_seed_pending_1')).json).toMatchObject({ status: 'pending' })
  })

  it('answers an unknown payment with 404 and a bad ID with 400', async () => {
    expectError(await api.post('/sandbox/payments/pay_nope/fail', { code: 'card_declined' }), 404, 'Payment pay_nope not found')
    expectError(await api.post('/sandbox/payments/pay_nope/settle'), 404, 'Payment pay_nope not found')
    expectError(await api.post('/sandbox/payments/pay%2Fx/settle'), 400, ['id must contain only letters, digits, "_" and "-"'])
  })

  it('has no other payment actions', async () => {
    expectError(await api.post('/sandbox/payments/pay_seed_pending_1/refund'), 404)
    expectError(await api.get('/sandbox/payments/pay_seed_pending_1/settle'), 404)
    expectError(await api.post('/sandbox/payments/pay_seed_pending_1/settle/now'), 404)
  })
})

describe('run-time settings', () => {
  it('GET /sandbox/state shows the faults, rate limit and delivery policy in force', async () => {
    const reply = await api.get('/sandbox/state')
    expect(reply.status).toBe(200)
    expect(reply.json).toMatchObject({
      faults: { errorRate: 0, resetRate: 0, malformedRate: 0, latencyMs: 0, latencyJitterMs: 0 },
      rateLimit: initialRateLimit,
      webhookDelivery: initialDelivery,
      stats: { requests: 0, rateLimited: 0, faults: { error: 0, reset: 0, malformed: 0 } },
    })
  })

  it('counts API requests in the stats, but not admin ones', async () => {
    await api.get('/api/payment/pay_seed_card_declined')
    await api.get('/api/payment/pay_nope')
    await api.get('/sandbox/payments')
    expect((await api.get('/sandbox/state')).json).toMatchObject({ stats: { requests: 2 } })
  })

  it('PUT /sandbox/faults merges an update and answers with the result', async () => {
    const reply = await api.put('/sandbox/faults', { errorRate: 0.25, latencyMs: 5 })
    expect(reply.status).toBe(200)
    expect(reply.json).toEqual({ errorRate: 0.25, resetRate: 0, malformedRate: 0, latencyMs: 5, latencyJitterMs: 0 })
    expect((await api.put('/sandbox/faults', { errorRate: 0 })).json).toMatchObject({ errorRate: 0, latencyMs: 5 })
  })

  it('PUT /sandbox/faults refuses every bad field at once and changes nothing', async () => {
    expectError(
      await api.put('/sandbox/faults', { errorRate: 1.5, resetRate: -0.1, malformedRate: '0.5', latencyMs: 2.5, chaos: true }),
      400,
      [
        'errorRate must be a number from 0 to 1',
        'resetRate must be a number from 0 to 1',
        'malformedRate must be a number from 0 to 1',
        'latencyMs must be an integer from 0 to 120000',
        'property chaos should not exist',
      ],
    )
    expect((await api.get('/sandbox/state')).json).toMatchObject({ faults: { errorRate: 0, resetRate: 0, malformedRate: 0, latencyMs: 0 } })
  })

  it('PUT /sandbox/rate-limit sets rate and burst', async () => {
    expect((await api.put('/sandbox/rate-limit', { rate: 9, burst: 3 })).json).toEqual({ rate: 9, burst: 3 })
    expect((await api.put('/sandbox/rate-limit', { burst: 0 })).json).toEqual({ rate: 9, burst: 1 })
    expectError(await api.put('/sandbox/rate-limit', { rate: -1, burst: 'many' }), 400, [
      'rate must be a number from 0 to 100000',
      'burst must be an integer from 0 to 100000',
    ])
  })

  it('accepts a fractional rate, whose Retry-After then spans several seconds', async () => {
    await api.put('/sandbox/rate-limit', { rate: 0.2, burst: 1 })
    expect((await api.get('/api/payment/pay_seed_card_declined')).status).toBe(200)
    const limited = await api.get('/api/payment/pay_seed_card_declined')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(4)
  })

  it('PUT /sandbox/in-flight-limit caps the requests each key has in flight: one over it is a 429 without Retry-After', async () => {
    expect((await api.put('/sandbox/in-flight-limit', { limit: 2 })).json).toEqual({ limit: 2 })
    await api.put('/sandbox/faults', { latencyMs: 200 })
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.get('/api/payment/pay_seed_card_declined')))
    const refused = answers.filter((answer) => answer.status === 429)
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2)
    expect(refused).toHaveLength(3)
    for (const answer of refused) expect(answer.headers.get('retry-after')).toBeNull()
    // Places are given back as answers go out.
    expect((await api.get('/api/payment/pay_seed_card_declined')).status).toBe(200)
    expect((await api.get('/sandbox/state')).json).toMatchObject({ inFlightLimit: { limit: 2 }, stats: { rateLimited: 3 } })
    expectError(await api.put('/sandbox/in-flight-limit', { limit: -1 }), 400, ['limit must be an integer from 0 to 10000'])
    expectError(await api.put('/sandbox/in-flight-limit', {}), 400, [
      'limit is required: the most requests in flight per key, 0 for no cap',
    ])
    expect((await api.put('/sandbox/in-flight-limit', { limit: 0 })).json).toEqual({ limit: 0 })
  })

  it('PUT /sandbox/webhook-delivery sets the retry policy', async () => {
    expect((await api.put('/sandbox/webhook-delivery', { maxAttempts: 3, baseDelayMs: 10 })).json).toEqual({
      maxAttempts: 3,
      baseDelayMs: 10,
      timeoutMs: initialDelivery.timeoutMs,
    })
    expectError(await api.put('/sandbox/webhook-delivery', { maxAttempts: 21, timeoutMs: -5 }), 400, [
      'maxAttempts must be an integer from 0 to 20',
      'timeoutMs must be an integer from 0 to 120000',
    ])
    expect((await api.get('/sandbox/state')).json).toMatchObject({ webhookDelivery: { maxAttempts: 3, baseDelayMs: 10 } })
  })

  it('the PUT routes want JSON like the API does', async () => {
    expectError(await api.put('/sandbox/faults', undefined, { rawBody: 'errorRate=1', headers: { 'content-type': 'text/plain' } }), 400)
    expectError(await api.put('/sandbox/faults', undefined, { rawBody: '{', headers: { 'content-type': 'application/json' } }), 400)
  })
})

describe('POST /sandbox/reset', () => {
  it('restores seed data, drops created payments and endpoints, and restores the settings', async () => {
    const created = (await api.post('/api/checkout/payment', order)).json as { id: string }
    await api.post('/sandbox/payments/pay_seed_lost_card/settle')
    expect((await api.post('/api/webhook', { url: 'http://127.0.0.1:9/' })).status).toBe(201)
    await api.put('/sandbox/faults', { latencyMs: 1 })
    await api.put('/sandbox/rate-limit', { rate: 100, burst: 100 })
    await api.put('/sandbox/webhook-delivery', { maxAttempts: 1 })

    const reply = await api.post('/sandbox/reset')
    expect(reply.status).toBe(200)
    expect(reply.json).toMatchObject({ faults: { latencyMs: 0 }, rateLimit: initialRateLimit, webhookDelivery: initialDelivery })
    expectError(await api.get(`/api/payment/${created.id}`), 404)
    expect((await api.get('/api/payment/pay_seed_lost_card')).json).toMatchObject({
      status: 'failed',
      lastDepositAttempt: { error: 'lost_card' },
    })
    expect((await api.get('/sandbox/webhooks')).json).toEqual([])
    expect((await api.get('/sandbox/deliveries')).json).toEqual([])
    expect((await api.get('/sandbox/payments')).json).toHaveLength(24)
  })

  it('needs the key like every admin route', async () => {
    expectError(await api.post('/sandbox/reset', undefined, { key: null }), 401)
    expectError(await api.put('/sandbox/faults', { errorRate: 1 }, { key: 'service_pub_prod_x' }), 401)
    expect((await api.get('/sandbox/state')).json).toMatchObject({ faults: { errorRate: 0 } })
  })
})
