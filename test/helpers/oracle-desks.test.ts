import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../src/sandbox/faults'
import type { LimiterRun } from './limiter-shapes'
import { concurrencyCap, gcra, tokenBucket } from './limiters'
import { sharesKeyFairly } from './limiters/random-limiter'
import { oracleTwoDesks } from './oracle-desks'

// A GCRA of 20/s with no burst refuses two requests less than 50 ms apart. Two desks at half of
// 0.9 × 20/s send every 111 ms each: apart by 50–61 ms both ways, or one of them is refused.
const noBurst: LimiterRun = {
  name: 'gcra 20/s, no burst',
  make: () => gcra({ rate: 20, burst: 1 }),
  latencyMs: 5,
  lookups: 300,
  limitAt: () => 20,
}
const headroom = 0.1

describe('two desks that know the limit (the oracle the law is measured against)', () => {
  it('on a limiter with no burst, share the key only a phase apart', () => {
    const apart = oracleTwoDesks(noBurst, headroom, { phase: 0.5, hop: null })
    expect(sharesKeyFairly(apart)).toBe(true)
    expect(apart.rate429).toBe(0)
    // 11 ms apart: desk B's every request comes too close behind desk A's, until A is done.
    const close = oracleTwoDesks(noBurst, headroom, { phase: 0.1, hop: null })
    expect(close.shareA).toBeGreaterThan(0.99)
    expect(close.together).toBeLessThan(0.51)
  })

  it('find that phase by moving their turn at random after a refusal', () => {
    for (const phase of [0, 0.1, 0.3, 0.7, 0.9]) {
      const seed = Math.round(phase * 1000) + 1
      const hopped = oracleTwoDesks(noBurst, headroom, { phase, hop: seededRandom(seed) })
      expect(sharesKeyFairly(hopped), `phase ${phase}, seed ${seed}: ${JSON.stringify(hopped)}`).toBe(true)
      expect(hopped.rate429).toBeLessThan(0.05)
    }
  })

  it('share a bucket with a burst at any phase, never refused', () => {
    const bursty: LimiterRun = { ...noBurst, name: 'bucket 20/s, burst 10', make: () => tokenBucket({ rate: 20, burst: 10 }) }
    for (const phase of [0, 0.1, 0.5]) {
      const figures = oracleTwoDesks(bursty, headroom, { phase, hop: null })
      expect(sharesKeyFairly(figures)).toBe(true)
      expect(figures.rate429).toBe(0)
      // Desk B, told desk A is done, goes at the whole allowed rate at once: back within the
      // trailing second the climb is read over, less a turn.
      expect(figures.climbSeconds).not.toBeNull()
      expect(figures.climbSeconds ?? Infinity).toBeLessThan(0.2)
    }
  })

  it('on a cap of one request in flight, collide whenever their answers overlap', () => {
    // 30 ms answers on a cap of 1 (29 ms of them at the limiter): at most 33/s, paced at 15/s each,
    // 67 ms apart, so the desks' requests miss each other only 29–38 ms apart.
    const capOfOne: LimiterRun = {
      name: 'cap 1',
      make: () => concurrencyCap({ limit: 1, retryAfterSeconds: 1 }),
      latencyMs: 28,
      lookups: 300,
      limitAt: () => 1000 / 30,
    }
    const overlapping = oracleTwoDesks(capOfOne, headroom, { phase: 0.1, hop: null })
    expect(overlapping.together).toBeLessThan(0.6)
    const apart = oracleTwoDesks(capOfOne, headroom, { phase: 0.5, hop: null })
    expect(apart.rate429).toBe(0)
  })
})
