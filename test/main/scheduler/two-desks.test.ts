import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createScheduler } from '../../../src/main/scheduler/scheduler'
import { tokenBucket } from '../../helpers/limiters'
import { runTwoDesks } from '../../helpers/two-desks'
import { limiterFetch, runVirtually, virtualClient } from './virtual-run'

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 })
})

afterEach(() => {
  vi.useRealTimers()
})

// Two desks on one key limited to 50/s (burst 50), sharing the one limiter: desk A runs a
// 1,500-ID batch, desk B looks a payment up every 500 ms. Each desk has its own scheduler.
async function twoDesks(headroom: number) {
  const limiter = tokenBucket({ rate: 50, burst: 50 })
  const doFetch = limiterFetch(limiter, 5)
  const deskA = virtualClient(doFetch, createScheduler({ headroom }))
  const deskB = virtualClient(doFetch, createScheduler({ headroom }))
  return runVirtually(
    runTwoDesks({ deskA: deskA.client, deskB: deskB.client, batchLookups: 1_500, intervalMs: 500, limit: 50, now: () => Date.now() }),
  )
}

describe('two desks on one key', () => {
  it('with the default headroom: desk B p95 at most 300 ms, desk A at least 0.85 of the limit, nothing lost', async () => {
    const figures = await twoDesks(0.1)
    expect(figures.deskALost).toBe(0)
    expect(figures.deskBLost).toBe(0)
    expect(figures.deskAShare).toBeGreaterThanOrEqual(0.85)
    expect(figures.deskBp95Ms).toBeLessThanOrEqual(300)
  })
})
