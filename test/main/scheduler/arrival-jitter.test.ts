import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { roundTripSpreadMs } from '../../../src/main/scheduler/arrival-jitter'
import { defaultRateTuning } from '../../../src/main/scheduler/rate-tuning'
import { limiterShape, type LimiterShape } from '../../helpers/limiter-shapes'
import { switchAt, tokenBucket, withoutRetryAfter } from '../../helpers/limiters'
import { runShape } from './virtual-run'

// A bucket with no burst refuses a request that arrives a few ms early, however steady the
// sending: what the network's jitter does. Such a 429 is met with more space between requests,
// not a lower limit; a burst draining or a limit that falls is still met with a cut.

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 })
})
afterEach(() => {
  vi.useRealTimers()
})

const noBurst20 = limiterShape('no-retry-after-20-burst-1')

// The 150th request (some 7 s in, the limit long met head-on) is held 4 ms on its way, so the
// 151st arrives 4 ms closer behind it than it was sent.
const oneLate = (n: number): number => (n === 150 ? 4 : 0)

describe('a burst-less limit and one request the network delivered early', () => {
  it('keeps the limit it met and leaves 2 ms more between requests, at the cost of that one 429', async () => {
    const steady = await runShape(noBurst20, { headroom: 0 })
    const jittered = await runShape(noBurst20, { headroom: 0 }, { sendDelay: oneLate })
    const before = steady.scheduler.state()
    const after = jittered.scheduler.state()
    expect(before.jitterMs).toBe(0)
    expect(after.jitterMs).toBe(defaultRateTuning.jitterStepMs)
    expect(after.learnedLimit).toBe(before.learnedLimit)
    // 2 ms on a spacing of about 50 ms, where the old reading of a 429 as a fall cut 5 % or more.
    expect(after.rate).toBeCloseTo(1000 / (1000 / (before.learnedLimit ?? 0) + 2), 5)
    expect(jittered.requests - steady.requests).toBe(1)
    expect(jittered.lost).toBe(0)
    expect(jittered.ratio).toBeGreaterThanOrEqual(0.9)
  })

  it('takes the spacing back a step after as many clean successes as a probe waits for', async () => {
    const longer = { ...noBurst20, lookups: 600 }
    const steady = await runShape(longer, { headroom: 0 })
    const jittered = await runShape(longer, { headroom: 0 }, { sendDelay: oneLate })
    const after = jittered.scheduler.state()
    expect(after.jitterMs).toBe(0)
    // Back to the margin under the limit, as before any jitter.
    expect(after.rate).toBeCloseTo((after.learnedLimit ?? 0) * (1 - defaultRateTuning.margin), 5)
    // The one 429 the late request cost, and none for coming back.
    expect(jittered.requests - steady.requests).toBe(1)
  })

  it('widens by the spread of round trips when they vary more than a step, and keeps most of the limit', async () => {
    // Requests held 0, 1, 2, 3, 4 ms in turn: every fifth arrives 4 ms early, and round trips spread 4 ms.
    const figures = await runShape(noBurst20, { headroom: 0 }, { sendDelay: (n) => n % 5 })
    const state = figures.scheduler.state()
    expect(state.jitterMs).toBeGreaterThanOrEqual(4)
    expect(figures.lost).toBe(0)
    // 4 ms on 50 caps it near 0.93; read as falls, the same jitter held the model before at 0.77.
    expect(figures.ratio).toBeGreaterThanOrEqual(0.85)
  })
})

describe('429s that jitter does not explain', () => {
  it('cuts the limit when a burst-less limit falls, and follows it down', async () => {
    const falls: LimiterShape = {
      name: 'burst-1-falls-20-to-10',
      make: () =>
        switchAt(withoutRetryAfter(tokenBucket({ rate: 20, burst: 1 })), withoutRetryAfter(tokenBucket({ rate: 10, burst: 1 })), 8_000),
      latencyMs: 5,
      lookups: 260,
      limitAt: (ms) => (ms < 8_000 ? 20 : 10),
    }
    const figures = await runShape(falls, { headroom: 0 })
    const state = figures.scheduler.state()
    expect(state.learnedLimit).toBeLessThanOrEqual(10.5)
    expect(state.jitterMs).toBeLessThanOrEqual(defaultRateTuning.maxJitterMs)
    expect(figures.lost).toBe(0)
    expect(figures.rate429).toBeLessThanOrEqual(0.03)
  })

  it('leaves a bucket with a burst at no extra spacing: its 429s are the burst running out', async () => {
    const bursty = limiterShape('token-bucket-no-retry-after-50-burst-50')
    const figures = await runShape(bursty, { headroom: 0 })
    expect(figures.scheduler.state().jitterMs).toBe(0)
  })
})

describe('the spread of round trips', () => {
  it('is unknown from fewer than ten', () => {
    expect(roundTripSpreadMs([7, 8, 9])).toBeNull()
  })

  it('reads the usual spread and leaves out one stall', () => {
    const trips = [...Array.from({ length: 39 }, (_, i) => 6 + (i % 3)), 250]
    expect(roundTripSpreadMs(trips)).toBe(2)
  })
})
