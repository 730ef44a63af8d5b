import { describe, expect, it } from 'vitest'
import {
  inferFixedWindow,
  keepAnswer,
  keptAnswersMs,
  nextBoundary,
  nextBoundaryAfterOneBlock,
  okInWindow,
  untilNextInWindow,
  type SentAnswer,
} from '../../../src/main/scheduler/fixed-window'
import { fixedWindow, slidingLog, tokenBucket, withoutRetryAfter, type Limiter } from '../../helpers/limiters'

const t0 = 1_700_000_000_000

/**
 * A client that knows nothing: it sends every `spacingMs` and, after a 429, waits 100 ms,
 * then twice as long while 429s follow. Returns every answer and when each block of 429s ended.
 */
function answersOf(limiter: Limiter, { spacingMs, untilMs }: { spacingMs: number; untilMs: number }) {
  const answers: SentAnswer[] = []
  const blockEnds: number[] = []
  let pauseMs = 0
  let at = t0
  while (at < t0 + untilMs) {
    const ok = limiter.decide(at).allowed
    answers.push({ sentAt: at, ok })
    if (ok && pauseMs > 0) blockEnds.push(at)
    pauseMs = ok ? 0 : pauseMs === 0 ? 100 : pauseMs * 2
    at += ok ? spacingMs : pauseMs
  }
  return { answers, blockEnds }
}

describe('a fixed window learnt from 429s without Retry-After', () => {
  it.each([
    { limit: 30, windowMs: 1_000, spacingMs: 20 },
    { limit: 100, windowMs: 2_000, spacingMs: 12 },
    { limit: 200, windowMs: 10_000, spacingMs: 25 },
  ])('finds $limit per $windowMs ms, and a boundary no earlier than the real one', ({ limit, windowMs, spacingMs }) => {
    const { answers } = answersOf(withoutRetryAfter(fixedWindow({ limit, windowMs })), { spacingMs, untilMs: 3 * windowMs })
    const window = inferFixedWindow(answers)
    expect(window).toMatchObject({ limit, windowMs })
    // The limiter's windows start at multiples of windowMs; a boundary placed late only costs a short wait.
    const offset = (((window?.boundary ?? 0) % windowMs) + windowMs) % windowMs
    expect(offset).toBeLessThan(400)
  })

  it('needs two blocks: one could be anything', () => {
    const { answers, blockEnds } = answersOf(withoutRetryAfter(fixedWindow({ limit: 30, windowMs: 1_000 })), {
      spacingMs: 20,
      untilMs: 3_000,
    })
    const firstBlockOver = blockEnds[0] ?? Number.POSITIVE_INFINITY
    expect(inferFixedWindow(answers.filter((a) => a.sentAt <= firstBlockOver))).toBeNull()
  })

  it.each([
    ['a token bucket without burst', tokenBucket({ rate: 20, burst: 1 })],
    ['a token bucket with a burst', tokenBucket({ rate: 50, burst: 50 })],
  ])('sees no window in %s', (_name, limiter) => {
    const { answers, blockEnds } = answersOf(withoutRetryAfter(limiter), { spacingMs: 10, untilMs: 5_000 })
    expect(blockEnds.length).toBeGreaterThanOrEqual(2)
    expect(inferFixedWindow(answers)).toBeNull()
  })

  it('does not mistake a sliding log for a window with more than it allows', () => {
    const { answers } = answersOf(withoutRetryAfter(slidingLog({ limit: 25, windowMs: 1_000, retryAfterSeconds: 1 })), {
      spacingMs: 20,
      untilMs: 5_000,
    })
    const window = inferFixedWindow(answers)
    if (window !== null) expect((window.limit * 1000) / window.windowMs).toBeLessThanOrEqual(26)
  })

  it('after one block, places the next end of a 1 s window no earlier than the real one, and no more than the block is uncertain by', () => {
    const { answers, blockEnds } = answersOf(withoutRetryAfter(fixedWindow({ limit: 30, windowMs: 1_000 })), {
      spacingMs: 20,
      untilMs: 1_500,
    })
    expect(blockEnds).toHaveLength(1)
    const at = t0 + 1_650
    const end = nextBoundaryAfterOneBlock(answers, at, 500)
    // The limiter's windows end at whole seconds: the next after `at` is t0 + 2 s.
    expect(end).toBeGreaterThanOrEqual(t0 + 2_000)
    expect(end).toBeLessThanOrEqual(t0 + 2_500)
    expect(nextBoundaryAfterOneBlock(answers, at, 50)).toBeNull()
  })

  it('guesses no window end from a block of one 429 (a bucket refilled within the first pause) or from two blocks', () => {
    const bucket = answersOf(withoutRetryAfter(tokenBucket({ rate: 20, burst: 1 })), { spacingMs: 10, untilMs: 150 })
    expect(bucket.blockEnds).toHaveLength(1)
    expect(nextBoundaryAfterOneBlock(bucket.answers, t0 + 300, 500)).toBeNull()
    const twoBlocks = answersOf(withoutRetryAfter(fixedWindow({ limit: 30, windowMs: 1_000 })), { spacingMs: 20, untilMs: 2_500 })
    expect(twoBlocks.blockEnds).toHaveLength(2)
    expect(nextBoundaryAfterOneBlock(twoBlocks.answers, t0 + 2_600, 500)).toBeNull()
  })

  it('sees no window when the count before each block differs (the limit changed)', () => {
    const first = answersOf(withoutRetryAfter(fixedWindow({ limit: 30, windowMs: 1_000 })), { spacingMs: 20, untilMs: 2_500 }).answers
    const later = answersOf(withoutRetryAfter(fixedWindow({ limit: 15, windowMs: 1_000 })), { spacingMs: 20, untilMs: 2_500 }).answers
    const shifted = later.map((a) => ({ ...a, sentAt: a.sentAt + 3_000 }))
    expect(inferFixedWindow([...first, ...shifted])).toBeNull()
  })
})

describe('the window arithmetic', () => {
  const window = { limit: 30, windowMs: 1_000, boundary: t0 + 250 }

  it('gives the next boundary after any moment, on a boundary too', () => {
    expect(nextBoundary(window, t0)).toBe(t0 + 250)
    expect(nextBoundary(window, t0 + 250)).toBe(t0 + 1_250)
    expect(nextBoundary(window, t0 + 5_100)).toBe(t0 + 5_250)
  })

  it('counts the successes sent in the window so far', () => {
    const answers = [t0 + 200, t0 + 300, t0 + 400, t0 + 500].map((sentAt, i) => ({ sentAt, ok: i !== 2 }))
    expect(okInWindow(answers, window, t0 + 450)).toBe(1)
    expect(okInWindow(answers, window, t0 + 600)).toBe(2)
  })

  it('keeps the answers of the last few windows only, and a bounded number of them', () => {
    let kept: readonly SentAnswer[] = []
    for (let i = 0; i < 5_000; i += 1) kept = keepAnswer(kept, { sentAt: t0 + i * 10, ok: true })
    expect(kept.length).toBeLessThanOrEqual(2_000)
    expect(kept.at(-1)?.sentAt).toBe(t0 + 49_990)
    expect(kept[0]?.sentAt).toBeGreaterThanOrEqual(t0 + 49_990 - keptAnswersMs)
  })

  it('paces a window by its budget: evenly over a whole window, faster over what a pause left of one', () => {
    const pace = { budget: 20, minGapMs: 10, spread: true }
    // A whole window ahead, nothing sent: at once, then a twentieth of the window apart.
    expect(untilNextInWindow(window, [], t0 + 250, pace)).toBe(0)
    expect(untilNextInWindow(window, [t0 + 250], t0 + 250, pace)).toBeCloseTo(1_000 / 19, 3)
    // A pause ended 600 ms into the window, nothing sent in it: the whole budget over 400 ms.
    expect(untilNextInWindow(window, [t0 + 200], t0 + 850, pace)).toBe(0)
    expect(untilNextInWindow(window, [t0 + 200, t0 + 850], t0 + 850, pace)).toBeCloseTo(400 / 19, 3)
    // Never closer than the ceiling allows.
    expect(untilNextInWindow(window, [t0 + 1_245], t0 + 1_245, { ...pace, budget: 1_000 })).toBe(10)
  })

  it('holds everything once the budget is spent until the next window, a lookup someone waits for too', () => {
    const starts = Array.from({ length: 20 }, (_, i) => t0 + 300 + i * 10)
    expect(untilNextInWindow(window, starts, t0 + 700, { budget: 20, minGapMs: 10, spread: true })).toBe(550)
    expect(untilNextInWindow(window, starts, t0 + 700, { budget: 20, minGapMs: 10, spread: false })).toBe(550)
    expect(untilNextInWindow(window, starts.slice(1), t0 + 700, { budget: 20, minGapMs: 10, spread: false })).toBe(0)
  })
})
