import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
import { apiClient, expectError, type ApiClient, type Reply } from '../helpers/sandbox-client'

let sandbox: RunningSandbox
let api: ApiClient

beforeAll(async () => {
  // One token a second: a whole second of slack for a burst and the requests after it,
  // however slow the machine (at 5/s one came back every 200 ms and turned 429s into 200s).
  sandbox = await startSandbox({ rateLimit: { rate: 1, burst: 5 } })
  api = apiClient(sandbox)
})
// A reset also refills the bucket.
beforeEach(async () => {
  await api.post('/sandbox/reset')
})
afterAll(() => sandbox.close())

const lookup = () => api.get('/api/payment/pay_seed_card_declined')

async function spendBurst(count = 5): Promise<void> {
  for (let i = 0; i < count; i++) expect((await lookup()).status, `request ${i + 1} of the burst`).toBe(200)
}

function retryAfterSeconds(reply: Reply): number {
  const header = reply.headers.get('retry-after')
  expect(header).toMatch(/^\d+$/)
  return Number(header)
}

describe('rate limit: a token bucket per key', () => {
  it('answers the 6th immediate request with 429 and a Retry-After in whole seconds', async () => {
    await spendBurst()
    const limited = await lookup()
    expectError(limited, 429, 'Too many requests: slow down and retry after the time in the Retry-After header')
    expect(retryAfterSeconds(limited)).toBeGreaterThanOrEqual(1)
  })

  it('lets requests through again after waiting Retry-After', async () => {
    await spendBurst()
    const limited = await lookup()
    expect(limited.status).toBe(429)
    // Honouring Retry-After is the behaviour under test, so this wait is the client's part.
    await sleep(retryAfterSeconds(limited) * 1000)
    const again = await lookup()
    expect(again.status).toBe(200)
    expect(again.json).toMatchObject({ id: 'pay_seed_card_declined' })
  })

  it('limits every API route, and a limited request is not processed', async () => {
    await spendBurst()
    const order = {
      products: [{ name: 'Seat', price: 100, quantity: 1 }],
      currency: 'EUR',
      customerEmail: 'ada@example.com',
      successUrl: 'https://shop.example.com/ok',
      cancelUrl: 'https://shop.example.com/cancel',
    }
    expectError(await api.post('/api/checkout/payment', order), 429)
    expectError(await api.post('/api/webhook', { url: 'http://127.0.0.1:9/' }), 429)
    expectError(await api.get('/api/payment/pay_unknown'), 429)
    expect((await api.get('/sandbox/payments')).json).toHaveLength(24)
    expect((await api.get('/sandbox/webhooks')).json).toEqual([])
  })

  it('does not limit admin requests, and they do not spend tokens', async () => {
    for (let i = 0; i < 30; i++) expect((await api.get('/sandbox/state')).status).toBe(200)
    await spendBurst()
    for (let i = 0; i < 10; i++) expect((await api.get('/sandbox/payments')).status).toBe(200)
    expect((await lookup()).status).toBe(429)
  })

  it('checks the key before the limit: a wrong key is told 401, not 429', async () => {
    await spendBurst()
    expectError(await api.get('/api/payment/pay_seed_card_declined', { key: 'service_sandbox_wrong' }), 401)
    expectError(await api.get('/api/payment/pay_seed_card_declined', { key: null }), 401)
  })

  it('counts the 429s in /sandbox/state', async () => {
    await spendBurst()
    await lookup()
    await lookup()
    expect((await api.get('/sandbox/state')).json).toMatchObject({
      rateLimit: { rate: 1, burst: 5 },
      stats: { requests: 7, rateLimited: 2 },
    })
  })

  it('rate 0 turns the limit off', async () => {
    expect((await api.put('/sandbox/rate-limit', { rate: 0 })).status).toBe(200)
    for (let i = 0; i < 60; i++) expect((await lookup()).status, `request ${i + 1}`).toBe(200)
  })

  it('can be changed at run time', async () => {
    expect((await api.put('/sandbox/rate-limit', { rate: 1, burst: 2 })).json).toEqual({ rate: 1, burst: 2 })
    await spendBurst(2)
    const limited = await lookup()
    expect(limited.status).toBe(429)
    expect(retryAfterSeconds(limited)).toBe(1)
  })
})
