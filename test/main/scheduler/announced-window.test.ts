import { describe, expect, it } from 'vitest'
import { initialModel, observe, type RateModel } from '../../../src/main/scheduler/rate-model'
import { readRateLimitHeaders } from '../../../src/main/scheduler/rate-limit-headers'
import { announcedAllowance } from '../../../src/main/scheduler/announced-quota'

// A fixed window announced with X-RateLimit-Reset as an epoch second (express-rate-limit's legacy
// headers): the service rounds the reset up to a whole second, so the window that just began reads
// anywhere from its length to a second more. Whatever the phase of the window against the
// second, the model must pace at the announced 20 per 1 s, not 20 per 2 s.
const answer = (model: RateModel, nowMs: number, remaining: number, resetAtMs: number, sentSeq: number): RateModel => {
  const headers = new Headers({
    'X-RateLimit-Limit': '20',
    'X-RateLimit-Remaining': String(remaining),
    'X-RateLimit-Reset': String(Math.ceil(resetAtMs / 1000)),
  })
  const announced = readRateLimitHeaders(headers, nowMs)
  return observe(model, { kind: 'ok', at: nowMs, sentAt: nowMs - 2, generation: 0, sentSeq, rateBound: false, announced })
}

describe('a window announced with epoch-second resets', () => {
  it.each(Array.from({ length: 20 }, (_, i) => i * 50))('is read as 1 s when the window starts %i ms into a second', (phaseMs) => {
    const start = 1_700_000_000_000 + phaseMs
    let model = initialModel(20, 100)
    // The last request of one window, then the first of the next: the count is back up, a window has begun.
    model = answer(model, start - 5, 0, start, 1)
    model = answer(model, start + 3, 19, start + 1_000, 2)
    expect(model.source).toBe('headers')
    expect(model.windowMs).toBe(1_000)
    expect(model.limit).toBe(20)
  })
})

// @nestjs/throttler's window begins at a key's first request (its storage frees each hit a window
// after it, which within that first window counts as a fixed one would) and says X-RateLimit-Reset in
// whole seconds from each answer (always "1" on a 1 s window), so each reading puts the reset up to
// a second later than the last. A request sent before the window really ends is refused, and the
// throttler then blocks the key for a whole window. The count never goes back up within the window:
// the model must not take the drift for a refill, and must hold the 21st request until the earliest
// reading has passed.
describe('a window announced with resets in whole seconds from each answer', () => {
  it.each(Array.from({ length: 10 }, (_, i) => 5 + i * 10))(
    'holds the last of the quota until the window ends (answers every %i ms)',
    (gapMs) => {
      const windowStart = 1_700_000_000_012
      const resetAt = windowStart + 1_000
      let model = initialModel(20, 100)
      let at = windowStart + 40
      for (let sent = 1; sent <= 20; sent++, at += gapMs) {
        const headers = new Headers({
          'X-RateLimit-Limit': '20',
          'X-RateLimit-Remaining': String(20 - sent),
          'X-RateLimit-Reset': String(Math.ceil((resetAt - at) / 1000)),
        })
        model = observe(model, {
          kind: 'ok',
          at,
          sentAt: at - 2,
          generation: 0,
          sentSeq: sent,
          rateBound: false,
          announced: readRateLimitHeaders(headers, at),
        })
      }
      const room = (now: number) => announcedAllowance(model, now, 20) ?? Number.POSITIVE_INFINITY
      expect(room(resetAt - 1)).toBeLessThan(1)
      expect(room(windowStart + 40 + 1_000)).toBeGreaterThanOrEqual(1)
    },
  )
})
