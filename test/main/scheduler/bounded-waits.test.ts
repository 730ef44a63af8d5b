import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppError } from '../../../src/shared/app-error'
import { readRateLimitHeaders } from '../../../src/main/scheduler/rate-limit-headers'
import { createScheduler, type Scheduler, type TaskFeedback } from '../../../src/main/scheduler/scheduler'
import { announce, fixedWindow } from '../../helpers/limiters'
import { limiterFetch, virtualClient } from './virtual-run'

// No header holds a task past the cap of a Retry-After (10 min), and a task behind a long
// wait is told why, can be sent anyway, or gives up at its deadline.

const tenMinutes = 600_000
const start = 1_700_000_000_000

beforeEach(() => {
  vi.useFakeTimers({ now: start })
})
afterEach(() => {
  vi.useRealTimers()
})

/** Runs one task that answers with `feedback`, and lets the scheduler take it in. */
async function answer(scheduler: Scheduler, outcome: 'ok' | 'rate-limited' | 'error', feedback: TaskFeedback): Promise<void> {
  const done = scheduler.schedule(
    (ctx) => {
      ctx.report(outcome, feedback)
      return Promise.resolve()
    },
    { priority: 'interactive', sendAnyway: true },
  )
  await vi.advanceTimersByTimeAsync(0)
  await done
}

function startedAt(
  scheduler: Scheduler,
  options: Parameters<Scheduler['schedule']>[1],
): { started: () => number | null; done: Promise<unknown> } {
  let at: number | null = null
  const done = scheduler.schedule(() => {
    at = Date.now()
    return Promise.resolve()
  }, options)
  done.catch(() => undefined)
  return { started: () => at, done }
}

const headers = (pairs: Record<string, string>) => readRateLimitHeaders(new Headers(pairs), Date.now())

describe('a wait taken from a header', () => {
  it('never holds batch work past 10 minutes, whatever reset a header announces', async () => {
    // Seeded: fast-check prints the seed and the counterexample of any failure.
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('X-RateLimit', 'RateLimit'),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 700, max: 31_000_000 }),
        async (prefix, limit, resetSeconds) => {
          vi.setSystemTime(start)
          const scheduler = createScheduler({ initialRate: 50, ceiling: 50 })
          const announced = headers({
            [`${prefix}-Limit`]: String(limit),
            [`${prefix}-Remaining`]: '0',
            [`${prefix}-Reset`]: String(resetSeconds),
          })
          await answer(scheduler, 'ok', { announced })
          const task = startedAt(scheduler, { priority: 'batch' })
          await vi.advanceTimersByTimeAsync(tenMinutes + 1_000)
          expect(task.started()).not.toBeNull()
          expect(vi.getTimerCount()).toBeLessThan(5)
        },
      ),
      { numRuns: 30, seed: 23 },
    )
  })

  it('shows a long wait as a pause with its reason and header, and answers an interactive lookup behind it at once', async () => {
    const scheduler = createScheduler({ initialRate: 50, ceiling: 50 })
    await answer(scheduler, 'ok', {
      announced: headers({ 'X-RateLimit-Limit': '10', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '3600000' }),
    })
    const batch = startedAt(scheduler, { priority: 'batch' })
    const interactive = scheduler.schedule(() => Promise.resolve('sent'), { priority: 'interactive', answerIfPausedMs: 3_000 })
    const settled = Promise.allSettled([interactive])
    await vi.advanceTimersByTimeAsync(0)
    const [result] = await settled
    expect(result).toMatchObject({ status: 'rejected', reason: { code: 'service-asked-to-wait' } })
    expect(((result as PromiseRejectedResult).reason as AppError).message).toContain(
      'the service asked to wait 600 s (X-RateLimit-Reset: 3600000)',
    )
    expect(scheduler.state().pause).toEqual({ until: start + tenMinutes, reason: 'quota', header: 'X-RateLimit-Reset: 3600000' })
    expect(batch.started()).toBeNull()
    // The user sends one anyway: it goes now, and the batch still waits.
    expect(await scheduler.schedule(() => Promise.resolve('sent'), { priority: 'interactive', sendAnyway: true })).toBe('sent')
    expect(batch.started()).toBeNull()
  })

  it('pauses everyone for a 5xx Retry-After, without moving the rate, and names the outage', async () => {
    const scheduler = createScheduler({ initialRate: 50, ceiling: 50 })
    const before = scheduler.state()
    await answer(scheduler, 'error', { retryAfterMs: 5_000, retryAfterHeader: 'Retry-After: 5' })
    expect(scheduler.state().pause).toEqual({ until: start + 5_000, reason: 'outage', header: 'Retry-After: 5' })
    expect(scheduler.state()).toMatchObject({ rate: before.rate, learnedLimit: before.learnedLimit, phase: before.phase })
    const task = startedAt(scheduler, { priority: 'batch' })
    await vi.advanceTimersByTimeAsync(4_990)
    expect(task.started()).toBeNull()
    // Then at the pace again (a token's time after the pause, as tokens stored up during it are dropped).
    await vi.advanceTimersByTimeAsync(100)
    expect(task.started()).toBeGreaterThanOrEqual(start + 5_000)
  })

  it('caps a 5xx Retry-After of a year at 10 minutes', async () => {
    const scheduler = createScheduler({ initialRate: 50, ceiling: 50 })
    await answer(scheduler, 'error', { retryAfterMs: 365 * 86_400_000, retryAfterHeader: 'Retry-After: 31536000' })
    expect(scheduler.state().pausedUntil).toBe(start + tenMinutes)
  })
})

describe('a queued lookup', () => {
  it('gives up at its deadline, never sent, and leaves the queue', async () => {
    const scheduler = createScheduler({ initialRate: 50, ceiling: 50, concurrency: 1 })
    let release = (): void => undefined
    const running = scheduler.schedule(() => new Promise<void>((resolve) => (release = resolve)), { priority: 'batch' })
    const waiting = startedAt(scheduler, { priority: 'interactive', deadlineMs: 30_000 })
    const settled = Promise.allSettled([waiting.done])
    await vi.advanceTimersByTimeAsync(30_001)
    expect(await settled).toMatchObject([{ status: 'rejected', reason: { code: 'timeout' } }])
    expect(scheduler.state().queued.total).toBe(0)
    release()
    await running
    await vi.advanceTimersByTimeAsync(1_000)
    expect(waiting.started()).toBeNull()
  })
})

describe('a quota of one request', () => {
  // With any headroom, batch work kept a share of every announced quota for colleagues: of a quota
  // of 1 (a GCRA with no burst says "1 left, reset in 1 s"), it needed 1.1 and never sent again.
  it.each(
    (['ratelimit', 'ratelimit-legacy', 'x-ratelimit-delta', 'x-ratelimit-epoch'] as const).flatMap((style) =>
      [0.1, 0.5].map((headroom) => ({ style, headroom })),
    ),
  )('in $style headers, with headroom $headroom, still lets a batch through', async ({ style, headroom }) => {
    const limiter = announce(fixedWindow({ limit: 1, windowMs: 1_000 }), style)
    const { client } = virtualClient(limiterFetch(limiter, 5), createScheduler({ headroom }))
    const settled = { count: 0 }
    const batch = Array.from({ length: 10 }, (_, i) =>
      client.send({ method: 'GET', path: `/api/payment/pay_${i}`, priority: 'batch' }).finally(() => {
        settled.count += 1
      }),
    )
    await vi.advanceTimersByTimeAsync(30_000)
    expect(settled.count).toBe(10)
    await expect(Promise.all(batch)).resolves.toHaveLength(10)
  })
})
