import { afterEach, describe, expect, it } from 'vitest'
import { paymentSchema } from '../../../src/shared/contract/payment-schema'
import { expectErrorBody } from '../sandbox-client'
import { announce, concurrencyCap, slidingLog, startLimiterServer, type LimiterServer } from '.'

let server: LimiterServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function lookup(running: LimiterServer, id = 'pay_limit_1', key: string | null = running.apiKey) {
  const response = await fetch(`${running.baseUrl}/api/payment/${id}`, { headers: key === null ? {} : { 'X-Service-Api-Key': key } })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, contentType: response.headers.get('content-type') }
}

describe('startLimiterServer', () => {
  it('answers a payment the app accepts, then 429 in the service shape with Retry-After, and counts both', async () => {
    // An hour-long window: nothing refills during the test, however slow the machine.
    server = await startLimiterServer(slidingLog({ limit: 2, windowMs: 3_600_000, retryAfterSeconds: 5 }))
    const first = await lookup(server, 'pay_limit_%C3%A9')
    expect(first.status).toBe(200)
    const payment = paymentSchema.strict().parse(JSON.parse(first.text))
    expect(payment.id).toBe('pay_limit_é')
    expect(payment.lastDepositAttempt?.paymentMethod).toBe('CARD')
    expect((await lookup(server)).status).toBe(200)
    const limited = await lookup(server)
    expectErrorBody(limited, 429)
    expect(limited.headers.get('retry-after')).toBe('5')
    expect(server.stats()).toEqual({ requests: 3, rateLimited: 1, unauthorized: 0, maxInFlight: 1 })
  })

  it('checks the key before the limit: 401 spends nothing', async () => {
    server = await startLimiterServer(slidingLog({ limit: 1, windowMs: 3_600_000 }), { apiKey: 'service_sandbox_given' })
    expect(server.apiKey).toBe('service_sandbox_given')
    expectErrorBody(await lookup(server, 'pay_1', 'service_sandbox_wrong'), 401)
    expectErrorBody(await lookup(server, 'pay_1', null), 401)
    expect((await lookup(server)).status).toBe(200)
    expect(server.stats()).toMatchObject({ requests: 1, rateLimited: 0, unauthorized: 2 })
  })

  it('answers other paths 404 in the service shape', async () => {
    server = await startLimiterServer(slidingLog({ limit: 1, windowMs: 1_000 }))
    const response = await fetch(`${server.baseUrl}/api/webhook`, { headers: { 'X-Service-Api-Key': server.apiKey } })
    expectErrorBody({ status: response.status, text: await response.text(), contentType: response.headers.get('content-type') }, 404)
  })

  it('sends the announced headers on answers and 429s alike', async () => {
    server = await startLimiterServer(announce(slidingLog({ limit: 1, windowMs: 3_600_000 }), 'x-ratelimit-delta'))
    const ok = await lookup(server)
    expect([ok.headers.get('x-ratelimit-limit'), ok.headers.get('x-ratelimit-remaining')]).toEqual(['1', '0'])
    const limited = await lookup(server)
    expect(limited.status).toBe(429)
    expect([limited.headers.get('x-ratelimit-remaining'), limited.headers.get('x-ratelimit-reset')]).toEqual(['0', '3600'])
  })

  it('holds admitted answers for the latency, so requests overlap; a 429 is not held', async () => {
    server = await startLimiterServer(slidingLog({ limit: 3, windowMs: 3_600_000 }), { latencyMs: 400 })
    const running = server
    const started = performance.now()
    const answers = await Promise.all([1, 2, 3].map((n) => lookup(running, `pay_${n}`)))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    expect(performance.now() - started).toBeGreaterThanOrEqual(399)
    expect(server.stats().maxInFlight).toBe(3)
    const limitedStart = performance.now()
    expect((await lookup(server)).status).toBe(429)
    expect(performance.now() - limitedStart).toBeLessThan(400)
  })

  it('frees a cap on requests in flight when an admitted request is answered', async () => {
    server = await startLimiterServer(concurrencyCap({ limit: 1, retryAfterSeconds: 1 }), { latencyMs: 20 })
    const statuses = []
    for (let n = 1; n <= 3; n++) statuses.push((await lookup(server, `pay_${n}`)).status)
    expect(statuses).toEqual([200, 200, 200])
  })

  it('spreads admitted answers over the latency jitter', async () => {
    server = await startLimiterServer(slidingLog({ limit: 12, windowMs: 3_600_000 }), { latencyJitterMs: 400 })
    const running = server
    const took = await Promise.all(
      Array.from({ length: 12 }, async (_, n) => {
        const started = performance.now()
        expect((await lookup(running, `pay_${n}`)).status).toBe(200)
        return performance.now() - started
      }),
    )
    // Twelve even draws from 0–400 ms all within 100 ms of each other: about 3 in a million.
    expect(Math.max(...took) - Math.min(...took)).toBeGreaterThan(100)
  })
})
