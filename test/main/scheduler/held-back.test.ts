import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { fixedWindow, slidingLog, withoutRetryAfter } from '../../helpers/limiters'
import { createScheduler } from '../../../src/main/scheduler/scheduler'
import type { AppError } from '../../../src/shared/app-error'
import { defaultRetryPolicy } from '../../../src/main/api/backoff'
import { limiterFetch, runShape, runVirtually, virtualClient } from './virtual-run'

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 })
})
afterEach(() => {
  vi.useRealTimers()
})

// A window of up to a minute that a batch empties, answered 429 without a Retry-After or with
// one that says a second each time: the service is shut for most of the window. Each lookup used
// to have eight tries, spent on the shut service, so a batch lost lookups to a window that was
// about to refill. A 429 means nothing was done: batch work keeps its place for as long as any wait is
// honoured (ten minutes).
it.each([
  { kind: 'fixed window', windowMs: 20_000, limit: 60 },
  { kind: 'fixed window', windowMs: 60_000, limit: 150 },
  { kind: 'sliding log', windowMs: 55_000, limit: 90 },
  { kind: 'sliding log, Retry-After: 1', windowMs: 55_000, limit: 90 },
  { kind: 'sliding log, Retry-After: 1', windowMs: 30_000, limit: 33 },
])('a batch under a $kind of $limit per $windowMs ms loses nothing', async ({ kind, windowMs, limit }) => {
  const lookups = limit * 3
  const make = () =>
    kind === 'fixed window'
      ? withoutRetryAfter(fixedWindow({ limit, windowMs }))
      : kind === 'sliding log'
        ? withoutRetryAfter(slidingLog({ limit, windowMs }))
        : slidingLog({ limit, windowMs, retryAfterSeconds: 1 })
  const figures = await runShape({ name: kind, make, latencyMs: 5, lookups, limitAt: () => (limit * 1000) / windowMs })
  expect(figures.lost).toBe(0)
  // The wait is the window's, not a lookup's tries: three windows' worth takes about two windows more.
  expect(figures.seconds).toBeLessThan((3 * windowMs) / 1000)
})

// Every request meets a 429 that says nothing of how long: the app pauses on its own, doubling up
// to 16 s. A support agent's lookup behind that pause used to wait it out with nothing said.
it('an interactive lookup behind the pause the app takes itself is answered at once, and can be sent anyway', async () => {
  const limiter = withoutRetryAfter(fixedWindow({ limit: 5, windowMs: 600_000 }))
  const inner = limiterFetch(limiter, 5)
  const sent: string[] = []
  const { client } = virtualClient((url, init) => {
    sent.push(url instanceof Request ? url.url : url.toString())
    return inner(url, init)
  }, createScheduler())
  const batch = Promise.allSettled(
    Array.from({ length: 40 }, (_, i) => client.send({ method: 'GET', path: `/api/payment/pay_${i}`, priority: 'batch' })),
  )
  await vi.advanceTimersByTimeAsync(20_000)
  const settledWithin = async (request: Promise<unknown>, ms: number) => {
    let outcome: unknown = 'still waiting'
    void request.then(
      (value) => (outcome = value),
      (error: unknown) => (outcome = error),
    )
    await vi.advanceTimersByTimeAsync(ms)
    return outcome
  }
  const lookup = await settledWithin(client.send({ method: 'GET', path: '/api/payment/pay_agent', priority: 'interactive' }), 50)
  expect(lookup).toMatchObject({ code: 'service-asked-to-wait' })
  expect((lookup as AppError).message).toMatch(/refused every request lately \(429, without Retry-After\).* waits \d+ s/)
  expect(sent.filter((url) => url.endsWith('pay_agent'))).toHaveLength(0)
  // Sent anyway, it goes at once (and is refused: the window is still shut).
  void client.send({ method: 'GET', path: '/api/payment/pay_agent', priority: 'interactive', sendAnyway: true }).catch(() => undefined)
  await vi.advanceTimersByTimeAsync(10)
  expect(sent.filter((url) => url.endsWith('pay_agent'))).toHaveLength(1)
  vi.useRealTimers()
  void batch
})

// The bound itself, over the whole ten minutes in virtual time. A batch of 20 meets a window of 10
// from its start, without Retry-After. A window that stays shut for nine minutes still serves
// every lookup it held back. One that stays shut for half an hour holds each lookup it refused for
// ten minutes from its first attempt, then gives it up with the service's own 429: none sooner
// (they used to go after eight tries, about a minute), and none is kept past that bound.
it.each([
  { windowMinutes: 9, someLost: false },
  { windowMinutes: 30, someLost: true },
])(
  'a window shut for $windowMinutes minutes: lookups held back are given up at ten minutes, not before',
  async ({ windowMinutes, someLost }) => {
    const windowMs = windowMinutes * 60_000
    vi.setSystemTime(Math.ceil(Date.now() / windowMs) * windowMs)
    const limiter = withoutRetryAfter(fixedWindow({ limit: 10, windowMs }))
    const { client } = virtualClient(limiterFetch(limiter, 5), createScheduler())
    const started = Date.now()
    const lostAfterMs: number[] = []
    await runVirtually(
      Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          client.send({ method: 'GET', path: `/api/payment/pay_${i}`, priority: 'batch' }).catch((error: unknown) => {
            expect((error as AppError).code).toBe('rate-limited')
            lostAfterMs.push(Date.now() - started)
          }),
        ),
      ),
    )
    expect(lostAfterMs.length > 0).toBe(someLost)
    const bound = defaultRetryPolicy.maxHeldBackMs
    for (const ms of lostAfterMs) expect(ms).toBeGreaterThanOrEqual(bound - 30_000)
    expect(Date.now() - started).toBeLessThanOrEqual(windowMs + 60_000)
  },
)
