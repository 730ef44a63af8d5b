import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../src/sandbox'
import { requestLogEntrySchema } from '../../../src/shared/contract/request-log-schema'
import { call } from '../../helpers/sandbox-client'
import { clientFor, expectNoKey, failureOf } from './client-fixture'

// What the Requests screen shows: one entry per attempt, never the key.

let sandbox: RunningSandbox

beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(async () => {
  await sandbox.close()
})
beforeEach(async () => {
  await call(sandbox, 'POST', '/sandbox/reset')
})

async function faults(update: Record<string, number>): Promise<void> {
  expect((await call(sandbox, 'PUT', '/sandbox/faults', { body: update })).status).toBe(200)
}

it('logs each request with its method, path, status, outcome, priority and a real duration', async () => {
  await faults({ latencyMs: 60 })
  const { client, log } = clientFor(sandbox)
  const before = Date.now()
  await client.send({ method: 'GET', path: '/api/payment/pay_seed_stolen_card', priority: 'interactive' })
  await failureOf(client.send({ method: 'GET', path: '/api/payment/pay_unknown_1', priority: 'batch' }))
  const entries = log.snapshot()
  for (const entry of entries) {
    expect(requestLogEntrySchema.safeParse(entry).success).toBe(true)
    expect(entry.time).toBeGreaterThanOrEqual(before)
    expect(entry.durationMs).toBeGreaterThanOrEqual(59)
    expect(entry.durationMs).toBeLessThan(5_000)
  }
  expect(
    entries.map(({ method, path, status, attempt, rateLimited, errorCode, priority }) => ({
      method,
      path,
      status,
      attempt,
      rateLimited,
      errorCode,
      priority,
    })),
  ).toEqual([
    {
      method: 'GET',
      path: '/api/payment/pay_seed_stolen_card',
      status: 200,
      attempt: 1,
      rateLimited: false,
      errorCode: null,
      priority: 'interactive',
    },
    {
      method: 'GET',
      path: '/api/payment/pay_unknown_1',
      status: 404,
      attempt: 1,
      rateLimited: false,
      errorCode: 'not-found',
      priority: 'batch',
    },
  ])
})

it('logs every attempt of a retried request, numbered', async () => {
  await faults({ errorRate: 1 })
  const { client, log } = clientFor(sandbox, { retry: { maxAttempts: 3 } })
  await failureOf(client.send({ method: 'GET', path: '/api/payment/pay_seed_settled_2', priority: 'batch' }))
  expect(log.snapshot().map((e) => [e.path, e.attempt, e.status, e.errorCode])).toEqual([
    ['/api/payment/pay_seed_settled_2', 1, 500, 'server-error'],
    ['/api/payment/pay_seed_settled_2', 2, 500, 'server-error'],
    ['/api/payment/pay_seed_settled_2', 3, 500, 'server-error'],
  ])
})

it('records the time a request waited in the throttle', async () => {
  await faults({ latencyMs: 150 })
  const { client, log } = clientFor(sandbox, { scheduler: { concurrency: 1 } })
  await Promise.all([
    client.send({ method: 'GET', path: '/api/payment/pay_seed_settled_1', priority: 'interactive' }),
    client.send({ method: 'GET', path: '/api/payment/pay_seed_settled_3', priority: 'interactive' }),
  ])
  const [first, second] = log.snapshot()
  expect(first?.queuedMs).toBeLessThan(100)
  // It waited for the first one's 150 ms answer.
  expect(second?.queuedMs).toBeGreaterThanOrEqual(140)
})

it('never holds the key, whatever happened to the request', async () => {
  const { client, log } = clientFor(sandbox, { retry: { maxAttempts: 2 } })
  const seen: unknown[] = []
  const attempt = async (work: () => Promise<unknown>) => {
    try {
      seen.push(await work())
    } catch (error) {
      seen.push(error)
    }
  }
  await attempt(() => client.send({ method: 'GET', path: '/api/payment/pay_seed_card_declined', priority: 'interactive' }))
  await attempt(() => client.send({ method: 'GET', path: '/api/payment/nope', priority: 'interactive' }))
  await attempt(() => client.send({ method: 'POST', path: '/api/checkout/payment', body: { products: [] }, priority: 'interactive' }))
  await faults({ errorRate: 1 })
  await attempt(() => client.send({ method: 'GET', path: '/api/payment/pay_seed_settled_1', priority: 'interactive' }))
  await faults({ errorRate: 0, resetRate: 1 })
  await attempt(() =>
    client.send({ method: 'POST', path: '/api/webhook', body: { url: 'https://hooks.example.com/in' }, priority: 'interactive' }),
  )
  expect(log.snapshot().length).toBeGreaterThanOrEqual(6)
  expectNoKey(sandbox.apiKey, log.snapshot(), ...seen)
})
