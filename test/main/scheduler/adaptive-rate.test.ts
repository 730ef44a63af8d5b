import { describe, expect, it } from 'vitest'
import { AdaptiveRate, defaultTuning } from '../../../src/main/scheduler/adaptive-rate'

function setup(options: { initialRate?: number; ceiling?: number } = {}): {
  control: AdaptiveRate
  advance: (ms: number) => void
  now: () => number
  sendFor: (seconds: number) => void
} {
  let t = 1_000_000
  const now = (): number => t
  const control = new AdaptiveRate({ now, initialRate: options.initialRate ?? 20, ceiling: options.ceiling ?? 100 })
  const advance = (ms: number): void => {
    t += ms
  }
  // Saturated successes at the current rate, as the scheduler would report them.
  const sendFor = (seconds: number): void => {
    const end = t + seconds * 1000
    while (t < end) {
      control.onSuccess(control.generation, 'rate-bound')
      advance(1000 / control.rate)
    }
  }
  return { control, advance, now, sendFor }
}

describe('AdaptiveRate climbing', () => {
  it('grows by `growth` of itself per second of saturated success before any 429', () => {
    const { control } = setup({ initialRate: 20 })
    for (let i = 0; i < 20; i += 1) control.onSuccess(control.generation, 'rate-bound')
    // 20 successes are one second at 20 req/s: +50 %.
    expect(control.rate).toBeCloseTo(30)
  })

  it('does not climb on a success that did not wait for a token, or that was sent before a cut', () => {
    const { control } = setup({ initialRate: 20 })
    control.onSuccess(control.generation, 'idle')
    control.onSuccess(control.generation, 'backlogged')
    expect(control.rate).toBe(20)
    const old = control.generation
    control.onRateLimited(old)
    const cut = control.rate
    control.onSuccess(old, 'rate-bound')
    expect(control.rate).toBe(cut)
  })

  it('never climbs above the ceiling', () => {
    const { control, sendFor } = setup({ initialRate: 20, ceiling: 25 })
    sendFor(30)
    expect(control.rate).toBe(25)
    control.setCeiling(10)
    expect(control.rate).toBe(10)
    expect(control.ceiling).toBe(10)
  })

  it('climbs fast far below the learned limit, slowly near it, and probes past it ever faster', () => {
    const { control, sendFor } = setup({ initialRate: 50 })
    control.onRateLimited(control.generation)
    expect(control.learnedLimit).toBe(50)
    expect(control.rate).toBe(40)
    // Below 0.9 × 50 the climb keeps its pre-429 pace.
    sendFor(0.5)
    expect(control.rate).toBeGreaterThanOrEqual(45)
    const nearStart = control.rate
    // Between 45 and 50: 1 % of the limit per second.
    sendFor(4)
    expect(control.rate - nearStart).toBeCloseTo(4 * defaultTuning.nearStep * 50, 0)
    sendFor(10)
    expect(control.rate).toBeGreaterThanOrEqual(50)
    const probeStart = control.rate
    // Past the limit: 0.5 % of it per second at first, growing: slower than near it, then faster.
    sendFor(2)
    const firstTwoSeconds = control.rate - probeStart
    expect(firstTwoSeconds).toBeLessThan(2 * defaultTuning.nearStep * 50)
    const before = control.rate
    sendFor(20)
    sendFor(2)
    const laterTwoSeconds = control.rate - before
    expect(laterTwoSeconds).toBeGreaterThan(firstTwoSeconds * 5)
  })
})

describe('AdaptiveRate on 429', () => {
  it('cuts multiplicatively when it has no measurement, once per generation', () => {
    const { control } = setup({ initialRate: 50 })
    const sentIn = control.generation
    expect(control.onRateLimited(sentIn)).toBe(true)
    expect(control.rate).toBe(50 * defaultTuning.cut)
    expect(control.learnedLimit).toBe(50)
    // The other requests in flight at the cut come back 429 too: one signal, not many.
    expect(control.onRateLimited(sentIn)).toBe(false)
    expect(control.rate).toBe(50 * defaultTuning.cut)
  })

  it('restarts just under the success rate measured since the previous cut', () => {
    const { control, advance } = setup({ initialRate: 50 })
    const first = control.generation
    control.onRateLimited(first)
    expect(control.rate).toBe(40)
    // 114 successes in 3 s with the queue backed up: the service refills 38 a second.
    for (let i = 0; i < 114; i += 1) control.onSuccess(first, i % 2 === 0 ? 'rate-bound' : 'backlogged')
    advance(3000)
    expect(control.onRateLimited(control.generation)).toBe(true)
    expect(control.learnedLimit).toBeCloseTo(38)
    expect(control.rate).toBeCloseTo(38 * defaultTuning.margin)
  })

  it('does not trust a measurement over a window that started when the queue ran dry', () => {
    const { control, advance } = setup({ initialRate: 50 })
    control.onRateLimited(control.generation)
    control.onSuccess(control.generation, 'idle')
    for (let i = 0; i < 90; i += 1) control.onSuccess(control.generation - 1, 'rate-bound')
    advance(3000)
    control.onRateLimited(control.generation)
    expect(control.rate).toBe(40 * defaultTuning.cut)
  })

  it('takes the limit as at least 90 % of the rate the 429 came at, however low the measurement', () => {
    const { control, advance } = setup({ initialRate: 50 })
    control.onRateLimited(control.generation)
    for (let i = 0; i < 3; i += 1) control.onSuccess(control.generation - 1, 'rate-bound')
    advance(3000)
    control.onRateLimited(control.generation)
    expect(control.learnedLimit).toBe(40 * defaultTuning.limitFloor)
    expect(control.rate).toBeCloseTo(40 * defaultTuning.limitFloor * defaultTuning.margin)
  })

  it('never goes below the floor', () => {
    const { control } = setup({ initialRate: 20 })
    for (let i = 0; i < 50; i += 1) control.onRateLimited(control.generation)
    expect(control.rate).toBe(defaultTuning.floor)
    expect(control.floor).toBe(defaultTuning.floor)
  })

  it('pauses for Retry-After, keeps the later end of overlapping pauses, and caps a silly one', () => {
    const { control, now, advance } = setup()
    expect(control.pausedUntil()).toBeNull()
    const start = now()
    const sentIn = control.generation
    control.onRateLimited(sentIn, 1000)
    expect(control.pausedUntil()).toBe(start + 1000)
    // A 429 sent before the cut does not cut again, but its Retry-After still counts.
    control.onRateLimited(sentIn, 3000)
    expect(control.pausedUntil()).toBe(start + 3000)
    control.onRateLimited(sentIn, 500)
    expect(control.pausedUntil()).toBe(start + 3000)
    advance(3000)
    expect(control.pausedUntil()).toBeNull()
    control.onRateLimited(sentIn, 24 * 3600_000)
    expect(control.pausedUntil()).toBe(now() + defaultTuning.maxPauseMs)
  })

  it('ignores a Retry-After that is not a positive number', () => {
    const { control } = setup()
    control.onRateLimited(control.generation, Number.NaN)
    control.onRateLimited(control.generation, -5)
    control.onRateLimited(control.generation, 0)
    expect(control.pausedUntil()).toBeNull()
  })

  it('forgets what it learned on restart', () => {
    const { control } = setup({ initialRate: 50 })
    control.onRateLimited(control.generation)
    const beforeRestart = control.generation
    control.restart(30)
    expect(control.rate).toBe(30)
    expect(control.learnedLimit).toBeNull()
    control.onSuccess(beforeRestart, 'rate-bound')
    expect(control.rate).toBe(30)
  })

  it('refuses a ceiling or rate that is not a positive number', () => {
    expect(() => new AdaptiveRate({ now: () => 0, initialRate: 0, ceiling: 10 })).toThrow(RangeError)
    expect(() => new AdaptiveRate({ now: () => 0, initialRate: 1, ceiling: Number.POSITIVE_INFINITY })).toThrow(RangeError)
  })
})
