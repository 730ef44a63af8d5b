import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createScheduler } from '../../../src/main/scheduler/scheduler'
import { simulateBatch, type RetryAfterStyle } from './rate-limited-service'

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 })
})

afterEach(() => {
  vi.useRealTimers()
})

// The scheduler is not told the limit. It starts at its defaults (20 req/s, ceiling 100),
// as in the benchmark, which later runs 5,000 lookups against a real server.
describe('2,000 lookups against a service limited to 50 req/s with a burst of 50', () => {
  const styles: RetryAfterStyle[] = ['whole-seconds', 'exact', 'none']

  it.each(styles)('gets close to the limit with few 429s and loses nothing (Retry-After: %s)', async (retryAfter) => {
    const scheduler = createScheduler()
    const result = await simulateBatch(scheduler, {
      tasks: 2000,
      limit: 50,
      burst: 50,
      retryAfter,
      // 15–45 ms, spread deterministically.
      latencyMs: (attempt) => 15 + ((attempt * 7919) % 31),
    })
    expect(result.succeeded).toBe(2000)
    expect(result.throughputRatio).toBeGreaterThanOrEqual(0.9)
    expect(result.rateLimitedShare).toBeLessThanOrEqual(0.02)
    expect(scheduler.state().learnedLimit).toBeGreaterThan(45)
    // The burst a pause refills lets more through for a while: the estimate may sit a little above.
    expect(scheduler.state().learnedLimit).toBeLessThan(60)
  })
})
