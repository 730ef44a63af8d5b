import { describe, expect, it } from 'vitest'
import { initialModel, observe, type RateModel } from '../../../src/main/scheduler/rate-model'
import { readRateLimitHeaders } from '../../../src/main/scheduler/rate-limit-headers'

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
