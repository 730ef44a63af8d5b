import { expect, it } from 'vitest'
import { QuotaGate } from '../../../src/main/scheduler/quota-gate'
import type { AnnouncedLimit } from '../../../src/main/scheduler/rate-limit-headers'

// The gate over several announced limits, as @nestjs/throttler's storage counts them: each hit is
// freed a window after it was made, and the reset announced is its record's, begun again at the
// first hit after the last lapsed. (The real guard runs in nest-throttler-virtual.test.ts.)

const windowMs = 10_000
const limit = 20

function named(name: string, quota: number, remaining: number, resetMs: number): AnnouncedLimit {
  return {
    source: 'x-ratelimit',
    name,
    limit: quota,
    windowMs: null,
    remaining,
    resetMs,
    said: { remaining: null, reset: `X-RateLimit-Reset-${name}: ${Math.ceil(resetMs / 1000)}` },
  }
}

it('waits for the reset of a count spent by others, then, once it comes back by less than half, for its own hits to age out', () => {
  const gate = new QuotaGate()
  // A colleague spent the log: the first answer this desk sees has nothing left.
  gate.learn([named('long', limit, 0, 10_000), named('short', 1_000, 999, 1_000)], { at: 1_040, sentAt: 1_000, counted: true }, 1)
  const long = (now: number) => gate.view(now, 3).find((entry) => entry.name === 'long')?.remaining
  expect(gate.waitFor(false, 0, 1_100, 1, () => 0).ms).toBe(11_000 - 1_100 + 40)
  gate.learn([named('long', limit, 1, 10_000), named('short', 1_000, 998, 1_000)], { at: 11_100, sentAt: 11_060, counted: true }, 2)
  gate.learn([named('long', limit, 0, 10_000), named('short', 1_000, 997, 1_000)], { at: 11_200, sentAt: 11_160, counted: true }, 3)
  // Back up by one at its reset: a log. Of its hits this desk knows only its own, each back a window after its answer.
  expect(gate.waitFor(false, 0, 11_300, 3, () => 0).ms).toBe(11_100 + windowMs - 11_300)
  expect([gate.waitFor(false, 0, 21_099, 3, () => 0).ms, gate.waitFor(false, 0, 21_100, 3, () => 0).ms]).toEqual([1, 0])
  expect(long(11_300)).toBe(0)
})

it('takes a count that comes back whole at its reset for a fixed window, whole again at each reset', () => {
  const gate = new QuotaGate()
  const learn = (remaining: number, resetMs: number, sentAt: number, seq: number) => {
    gate.learn(
      [named('long', limit, remaining, resetMs), named('short', 1_000, 999, 1_000)],
      { at: sentAt + 40, sentAt, counted: true },
      seq,
    )
  }
  learn(0, 2_000, 8_000, 1)
  learn(limit - 1, 10_000, 10_100, 2)
  learn(0, 9_000, 10_600, 3)
  expect(gate.waitFor(false, 0, 10_700, 3, () => 0).ms).toBe(10_640 + 9_000 - 10_700)
  expect(gate.view(19_640, 3).find((entry) => entry.name === 'long')?.remaining).toBe(limit)
})

it('counts no hit back for a request the service refused', () => {
  const gate = new QuotaGate()
  const learn = (remaining: number, sentAt: number, seq: number, counted: boolean) => {
    gate.learn([named('long', limit, remaining, 10_000), named('short', 1_000, 999, 1_000)], { at: sentAt + 40, sentAt, counted }, seq)
  }
  learn(1, 0, 1, true)
  learn(0, 500, 2, false)
  learn(1, 10_050, 3, true)
  learn(0, 10_100, 4, true)
  // Its hits in the count are those sent at 10.05 s and 10.1 s: the refusal at 0.5 s is no hit to come back at 10.5 s.
  expect(gate.waitFor(false, 0, 10_200, 4, () => 0).ms).toBe(10_090 + windowMs - 10_200)
})
