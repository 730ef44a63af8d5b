import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { announce, concurrencyCap, fixedWindow, gcra, layered, slidingLog, switchAt, tokenBucket, withoutRetryAfter, type Limiter } from '.'

/** Decides at each time in order; the times of the admitted requests. */
function admittedAt(limiter: Limiter, times: readonly number[]): number[] {
  return times.filter((t) => limiter.decide(t).allowed)
}

/** One request every `stepMs` from `fromMs` (included) to `toMs` (excluded). */
function every(stepMs: number, fromMs: number, toMs: number): number[] {
  const times: number[] = []
  for (let t = fromMs; t < toMs; t += stepMs) times.push(t)
  return times
}

const countIn = (times: readonly number[], fromMs: number, toMs: number) => times.filter((t) => t >= fromMs && t < toMs).length

describe('token bucket', () => {
  it('admits a full burst at once, then refuses with the wait for one token rounded up to whole seconds', () => {
    const bucket = tokenBucket({ rate: 50, burst: 50 })
    expect(admittedAt(bucket, Array<number>(50).fill(1_000))).toHaveLength(50)
    expect(bucket.decide(1_000)).toEqual({ allowed: false, retryAfterSeconds: 1 })
    const slow = tokenBucket({ rate: 0.25, burst: 1 })
    expect(slow.decide(0).allowed).toBe(true)
    expect(slow.decide(1_000)).toEqual({ allowed: false, retryAfterSeconds: 3 })
  })

  it('sustains exactly its rate after the burst', () => {
    const admitted = admittedAt(tokenBucket({ rate: 50, burst: 50 }), [...Array<number>(60).fill(0), ...every(1, 1, 10_000)])
    expect(countIn(admitted, 0, 1)).toBe(50)
    expect(countIn(admitted, 1, 1_000)).toBe(49)
    for (let second = 1; second < 10; second++) expect(countIn(admitted, second * 1_000, (second + 1) * 1_000)).toBe(50)
  })

  it('with a burst of 1 spaces requests by 1/rate', () => {
    const admitted = admittedAt(tokenBucket({ rate: 20, burst: 1 }), every(1, 0, 1_000))
    expect(admitted).toEqual(every(50, 0, 1_000))
  })
})

describe('fixed window', () => {
  it('admits exactly `limit` in each window of the clock, a burst at its start included', () => {
    const admitted = admittedAt(fixedWindow({ limit: 100, windowMs: 2_000 }), every(1, 0, 10_000))
    for (let start = 0; start < 10_000; start += 2_000) {
      expect(countIn(admitted, start, start + 2_000)).toBe(100)
      expect(countIn(admitted, start, start + 100)).toBe(100)
    }
  })

  it('says Retry-After = seconds to the window end, rounded up', () => {
    const window = fixedWindow({ limit: 1, windowMs: 2_000 })
    expect(window.decide(4_000).allowed).toBe(true)
    expect(window.decide(4_400)).toEqual({ allowed: false, retryAfterSeconds: 2 })
    expect(window.decide(5_000)).toEqual({ allowed: false, retryAfterSeconds: 1 })
    expect(window.decide(5_999)).toEqual({ allowed: false, retryAfterSeconds: 1 })
    expect(window.decide(6_000).allowed).toBe(true)
  })
})

describe('sliding log', () => {
  it('never admits more than N in any window, and refuses only when N are in the last window', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 300 }), { maxLength: 400 }), fc.integer({ min: 1, max: 8 }), (gaps, limit) => {
        const windowMs = 100
        const log = slidingLog({ limit, windowMs })
        const admitted: number[] = []
        let t = 0
        for (const gap of gaps) {
          t += gap
          const recent = admitted.filter((a) => t - a < windowMs).length
          const decision = log.decide(t)
          expect(decision.allowed).toBe(recent < limit)
          if (decision.allowed) admitted.push(t)
          else expect(decision).toEqual({ allowed: false, retryAfterSeconds: 1 })
        }
        for (const start of admitted) expect(countIn(admitted, start, start + windowMs)).toBeLessThanOrEqual(limit)
      }),
    )
  })

  it('reaches 25 per second at a steady pace, and sends the constant Retry-After it was given', () => {
    const log = slidingLog({ limit: 25, windowMs: 1_000, retryAfterSeconds: 7 })
    const admitted = admittedAt(log, every(10, 0, 5_000))
    expect(admitted).toHaveLength(125)
    expect(log.decide(4_995)).toEqual({ allowed: false, retryAfterSeconds: 7 })
  })
})

describe('wrappers', () => {
  it('withoutRetryAfter drops the header and nothing else', () => {
    const bare = withoutRetryAfter(tokenBucket({ rate: 20, burst: 1 }))
    expect(bare.decide(0)).toEqual({ allowed: true })
    const refused = bare.decide(10)
    expect(refused).toEqual({ allowed: false })
    expect('retryAfterSeconds' in refused).toBe(false)
  })

  it('switchAt changes the limit at the time: 60/s then 20/s', () => {
    const admitted = admittedAt(
      switchAt(tokenBucket({ rate: 60, burst: 60 }), tokenBucket({ rate: 20, burst: 20 }), 5_000),
      every(1, 0, 10_000),
    )
    expect(countIn(admitted, 1_000, 5_000)).toBe(240)
    // The new bucket starts full at the switch: its burst, then its rate.
    expect(countIn(admitted, 5_000, 5_020)).toBe(20)
    expect(countIn(admitted, 6_000, 10_000)).toBe(80)
  })

  it('switchAt rises 20/s to 80/s, counted from the first request when asked', () => {
    const limiter = switchAt(tokenBucket({ rate: 20, burst: 20 }), tokenBucket({ rate: 80, burst: 80 }), 2_000, { from: 'first-request' })
    const admitted = admittedAt(limiter, every(1, 7_000, 11_000))
    expect(countIn(admitted, 8_000, 9_000)).toBe(20)
    expect(countIn(admitted, 9_000, 9_080)).toBe(80)
    expect(countIn(admitted, 10_000, 11_000)).toBe(80)
  })
})

describe('announce', () => {
  it('draft RateLimit-Policy / RateLimit: quota, window, remaining falling to 0 at the 429', () => {
    const limiter = announce(fixedWindow({ limit: 3, windowMs: 60_000 }), 'ratelimit')
    expect(limiter.decide(43_000)).toEqual({
      allowed: true,
      headers: { 'RateLimit-Policy': '"default";q=3;w=60', RateLimit: '"default";r=2;t=17' },
    })
    expect(limiter.decide(43_500).headers?.RateLimit).toBe('"default";r=1;t=17')
    expect(limiter.decide(44_000).headers?.RateLimit).toBe('"default";r=0;t=16')
    expect(limiter.decide(44_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 16,
      headers: { 'RateLimit-Policy': '"default";q=3;w=60', RateLimit: '"default";r=0;t=16' },
    })
  })

  it('a token bucket announces its rate over a whole-second window and the time until it is full', () => {
    const limiter = announce(tokenBucket({ rate: 25, burst: 50 }), 'ratelimit', { policy: 'burst' })
    expect(limiter.decide(0).headers).toEqual({ 'RateLimit-Policy': '"burst";q=50;w=2', RateLimit: '"burst";r=49;t=1' })
    const tiny = announce(tokenBucket({ rate: 20, burst: 1 }), 'ratelimit')
    expect(tiny.decide(0).headers).toEqual({ 'RateLimit-Policy': '"default";q=20;w=1', RateLimit: '"default";r=0;t=1' })
  })

  it('legacy and X- forms, reset as delta seconds or epoch seconds', () => {
    const at = 1_700_000_000_250
    const window = () => slidingLog({ limit: 10, windowMs: 1_000 })
    expect(announce(window(), 'ratelimit-legacy').decide(at).headers).toEqual({
      'RateLimit-Limit': '10',
      'RateLimit-Remaining': '9',
      'RateLimit-Reset': '1',
    })
    expect(announce(window(), 'x-ratelimit-delta').decide(at).headers).toEqual({
      'X-RateLimit-Limit': '10',
      'X-RateLimit-Remaining': '9',
      'X-RateLimit-Reset': '1',
    })
    expect(announce(window(), 'x-ratelimit-epoch').decide(at).headers).toEqual({
      'X-RateLimit-Limit': '10',
      'X-RateLimit-Remaining': '9',
      'X-RateLimit-Reset': '1700000002',
    })
  })

  it('keeps announcing through a switch', () => {
    const limiter = announce(
      switchAt(fixedWindow({ limit: 60, windowMs: 1_000 }), fixedWindow({ limit: 20, windowMs: 1_000 }), 1_000),
      'x-ratelimit-delta',
    )
    expect(limiter.decide(0).headers?.['X-RateLimit-Limit']).toBe('60')
    expect(limiter.decide(1_000).headers?.['X-RateLimit-Limit']).toBe('20')
  })
})

describe('GCRA, a cap on requests in flight, layers', () => {
  it('GCRA admits what a token bucket of the same rate and burst admits, for any arrivals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 300 }),
        (rate, burst, gaps) => {
          const times = gaps.reduce<number[]>((all, gap) => [...all, (all.at(-1) ?? 0) + gap], [])
          expect(admittedAt(gcra({ rate, burst }), times)).toEqual(admittedAt(tokenBucket({ rate, burst }), times))
        },
      ),
    )
  })

  it('a cap on requests in flight refuses while `limit` are unanswered, and frees a place per answer', () => {
    const cap = concurrencyCap({ limit: 2, retryAfterSeconds: 1 })
    expect([cap.decide(0).allowed, cap.decide(0).allowed]).toEqual([true, true])
    expect(cap.decide(1)).toEqual({ allowed: false, retryAfterSeconds: 1 })
    cap.done?.(5)
    expect(cap.decide(6).allowed).toBe(true)
    expect(cap.decide(6).allowed).toBe(false)
  })

  it('layers admit only what every layer admits, and the first refusal answers', () => {
    const layers = layered([fixedWindow({ limit: 3, windowMs: 1_000 }), fixedWindow({ limit: 5, windowMs: 10_000 })])
    const admitted = admittedAt(layers, every(100, 0, 10_000))
    expect(admitted).toHaveLength(5)
    expect(countIn(admitted, 0, 1_000)).toBe(3)
    expect(layers.decide(9_950)).toEqual({ allowed: false, retryAfterSeconds: 1 })
  })
})
