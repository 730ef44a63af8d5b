import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { fixedWindow, slidingLog, withoutRetryAfter } from '../../helpers/limiters'
import { runShape } from './virtual-run'

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
