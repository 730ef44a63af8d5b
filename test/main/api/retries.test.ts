import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../src/sandbox'
import { startHostileServer, type HostileServer } from '../../helpers/hostile-server'
import { call } from '../../helpers/sandbox-client'
import { clientFor, failureOf, testKey, timed } from './client-fixture'

// Which failures are retried, how often, and how long the client waits in between.

let sandbox: RunningSandbox
let hostile: HostileServer

beforeAll(async () => {
  sandbox = await startSandbox()
  hostile = await startHostileServer()
})
afterAll(async () => {
  await Promise.all([sandbox.close(), hostile.close()])
})
beforeEach(async () => {
  await call(sandbox, 'POST', '/sandbox/reset')
})

async function faults(update: Record<string, number>): Promise<void> {
  const reply = await call(sandbox, 'PUT', '/sandbox/faults', { body: update })
  expect(reply.status).toBe(200)
}

async function paymentCount(): Promise<number> {
  return ((await call(sandbox, 'GET', '/sandbox/payments')).json as unknown[]).length
}

const checkout = {
  products: [{ name: 'Annual plan', price: 12000, quantity: 1 }],
  currency: 'USD',
  customerEmail: 'grace@example.org',
  successUrl: 'https://shop.example.com/ok',
  cancelUrl: 'https://shop.example.com/cancel',
}

describe('GET', () => {
  it.each([500, 502, 503, 504])('is retried after %i and succeeds when the service recovers', async (status) => {
    const { client, log } = clientFor({ baseUrl: hostile.baseUrl, apiKey: testKey })
    await expect(client.send({ method: 'GET', path: `/flaky/2/${status}/get`, priority: 'interactive' })).resolves.toEqual({
      ok: true,
      hits: 3,
    })
    expect(log.snapshot().map((e) => [e.attempt, e.status])).toEqual([
      [1, status],
      [2, status],
      [3, 200],
    ])
  })

  it('gives up after the attempt cap on a service that keeps failing, saying it tried', async () => {
    await faults({ errorRate: 1 })
    const { client, log } = clientFor(sandbox)
    const error = await failureOf(client.send({ method: 'GET', path: '/api/payment/pay_seed_settled_1', priority: 'interactive' }))
    expect(error.code).toBe('server-error')
    expect(error.message).toMatch(/every try/)
    expect(error.message).toContain('Internal server error')
    expect(log.snapshot().map((e) => [e.attempt, e.status, e.errorCode])).toEqual([
      [1, 500, 'server-error'],
      [2, 500, 'server-error'],
      [3, 500, 'server-error'],
      [4, 500, 'server-error'],
    ])
  })

  it('is retried after the connection is reset, and the error says it was cut', async () => {
    await faults({ resetRate: 1 })
    const { client, log } = clientFor(sandbox, { retry: { maxAttempts: 3 } })
    const error = await failureOf(client.send({ method: 'GET', path: '/api/payment/pay_seed_settled_1', priority: 'interactive' }))
    expect(error.code).toBe('network')
    expect(error.message).toMatch(/connection .* was cut/)
    expect(log.snapshot().map((e) => [e.attempt, e.status, e.errorCode])).toEqual([
      [1, null, 'network'],
      [2, null, 'network'],
      [3, null, 'network'],
    ])
  })

  it("is retried on the sandbox's garbled answers and ends in 'invalid-response'", async () => {
    await faults({ malformedRate: 1 })
    const { client, log } = clientFor(sandbox)
    const error = await failureOf(client.send({ method: 'GET', path: '/api/payment/pay_seed_settled_1', priority: 'interactive' }))
    expect(error.code).toBe('invalid-response')
    expect(log.snapshot()).toHaveLength(4)
  })

  it('is not retried after a 4xx', async () => {
    const { client, log } = clientFor({ baseUrl: hostile.baseUrl, apiKey: testKey })
    await failureOf(client.send({ method: 'GET', path: '/status/400', priority: 'interactive' }))
    expect(log.snapshot()).toHaveLength(1)
  })
})

describe('POST', () => {
  it('is not retried after a 500: the error says it may have happened and warns of a duplicate', async () => {
    await faults({ errorRate: 1 })
    const { client, log } = clientFor(sandbox)
    const error = await failureOf(client.send({ method: 'POST', path: '/api/checkout/payment', body: checkout, priority: 'interactive' }))
    expect(error.code).toBe('outcome-unknown')
    expect(error.message).toContain('500')
    expect(error.message).toContain('not retried')
    expect(error.message).toContain('duplicate')
    expect(log.snapshot().map((e) => [e.method, e.status, e.errorCode])).toEqual([['POST', 500, 'outcome-unknown']])
  })

  it.each([502, 503, 504])('is not retried after %i either', async (status) => {
    const { client, log } = clientFor({ baseUrl: hostile.baseUrl, apiKey: testKey })
    const error = await failureOf(client.send({ method: 'POST', path: `/flaky/1/${status}/post`, body: {}, priority: 'interactive' }))
    expect(error.code).toBe('outcome-unknown')
    expect(log.snapshot()).toHaveLength(1)
  })

  it('is not retried after a connection reset, which may have come after the create', async () => {
    await faults({ resetRate: 1 })
    const { client, log } = clientFor(sandbox)
    const error = await failureOf(client.send({ method: 'POST', path: '/api/checkout/payment', body: checkout, priority: 'interactive' }))
    expect(error.code).toBe('outcome-unknown')
    expect(error.message).toContain('not retried')
    expect(error.message).toContain('duplicate')
    expect(log.snapshot()).toHaveLength(1)
  })

  it('creates exactly one payment when the service works', async () => {
    const before = await paymentCount()
    const { client } = clientFor(sandbox)
    await client.send({ method: 'POST', path: '/api/checkout/payment', body: checkout, priority: 'interactive' })
    expect(await paymentCount()).toBe(before + 1)
  })
})

describe('backoff', () => {
  it('waits base × 2^(n-1) between attempts, capped at the maximum', async () => {
    // random() = 1 takes the top of each jitter range, so the waits are known.
    const { client, log } = clientFor(
      { baseUrl: hostile.baseUrl, apiKey: testKey },
      { retry: { baseDelayMs: 100, maxDelayMs: 200 }, random: () => 1 },
    )
    await failureOf(client.send({ method: 'GET', path: '/status/503', priority: 'interactive' }))
    const entries = log.snapshot()
    expect(entries).toHaveLength(4)
    const gaps = entries.slice(1).map((entry, i) => {
      const previous = entries[i]
      if (!previous) throw new Error('missing entry')
      return entry.time - (previous.time + previous.durationMs)
    })
    // Timers never fire early; the log's start time is whole milliseconds and its duration
    // is not, so a gap can read up to two milliseconds short.
    expect(gaps[0]).toBeGreaterThanOrEqual(98)
    expect(gaps[1]).toBeGreaterThanOrEqual(198)
    expect(gaps[2]).toBeGreaterThanOrEqual(198)
    // Uncapped, the third wait would be 400 ms: far enough apart for a loaded machine.
    expect(gaps[2]).toBeLessThan(380)
  })

  it('uses full jitter: a random draw of 0 means no wait at all', async () => {
    const { client, log } = clientFor(
      { baseUrl: hostile.baseUrl, apiKey: testKey },
      { retry: { baseDelayMs: 2_000, maxDelayMs: 8_000 }, random: () => 0 },
    )
    const { ms } = await timed(() => failureOf(client.send({ method: 'GET', path: '/status/503', priority: 'interactive' })))
    expect(log.snapshot()).toHaveLength(4)
    expect(ms).toBeLessThan(1_000)
  })

  it('stops retrying once the next wait would pass the total time cap', async () => {
    const { client, log } = clientFor(
      { baseUrl: hostile.baseUrl, apiKey: testKey },
      { retry: { baseDelayMs: 150, maxDelayMs: 5_000, maxTotalMs: 400, maxAttempts: 10 }, random: () => 1 },
    )
    const { ms, result: error } = await timed(() => failureOf(client.send({ method: 'GET', path: '/status/503', priority: 'interactive' })))
    expect(error.code).toBe('server-error')
    // Attempt 1, a 150 ms wait, attempt 2; a 300 ms wait would end past 400 ms.
    expect(log.snapshot()).toHaveLength(2)
    expect(ms).toBeLessThan(440)
  })
})
