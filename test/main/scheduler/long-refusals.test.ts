import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultRateTuning, initialModel, observe, type RateModel } from '../../../src/main/scheduler/rate-model'
import { drawTargets, type RandomLimiter } from '../../helpers/limiters/random-limiter'
import { refusedAt } from './observations'
import { drawsWhere, namedRuns, runEachDraw } from './random-run'

// Retry-After counts whole seconds, so a limiter short of one token asks for one. Asked for more,
// the service has shut for a while (a window spent): everything waits it out, and what got through
// since the service last opened, over the time until it opens again, bounds the limit.

const startedAt = 1_700_000_000_000

beforeEach(() => {
  vi.useFakeTimers({ now: startedAt })
})
afterEach(() => {
  vi.useRealTimers()
})

/** The first `count` draws from `firstSeed` on of a fixed window of 2 s or more that says Retry-After and announces nothing. */
function windowDraws(firstSeed: number, count: number): RandomLimiter[] {
  return drawsWhere(
    firstSeed,
    count,
    (draw) => draw.algorithm === 'fixed-window' && draw.retryAfter && draw.announced === null && draw.longestWindowMs >= 2_000,
  )
}

describe('fixed windows drawn at random that say Retry-After', () => {
  // Seeds of their own, apart from the property test's: drawn, not chosen.
  const draws = windowDraws(Number(process.env.WINDOW_SEED ?? 7001), Number(process.env.WINDOW_DRAWS ?? 30))

  // Before long refusals held everything and bounded the limit, 13 of these 30 met both targets
  // (298 429s in all); now 23 (146). A window spent at the start still costs its 429s: a window of
  // 2 s counts the rounding of Retry-After as half its length.
  it('the batch at 0.90 of the allowed rate with at most 1 % 429s on seven in ten; nothing lost on any', async () => {
    const runs = await runEachDraw(draws, startedAt)
    for (const { draw, figures } of runs) expect(figures.lost, `seed ${draw.seed}`).toBe(0)
    const met = runs.filter(({ figures }) => figures.ratio >= drawTargets.ratio && figures.rate429 <= drawTargets.rate429)
    const missed = namedRuns(runs.filter((run) => !met.includes(run)))
    expect(met.length / runs.length, missed).toBeGreaterThanOrEqual(0.7)
  }, 300_000)
})

// The model alone: a refusal that asks for more than a second, and one that asks for one.
const second = 1_000

function openedWithSuccesses(count: number, every: number): RateModel {
  let model = initialModel(40, 1_000)
  for (let seq = 1; seq <= count; seq++) {
    const at = startedAt + seq * every
    model = observe(model, { kind: 'ok', at, sentAt: at - 5, generation: 0, sentSeq: seq, rateBound: true })
  }
  return model
}

const refused = (model: RateModel, at: number, retryAfterMs: number) =>
  refusedAt(model, at, retryAfterMs, { sentAt: at - 5, sentSeq: 1_000 })

/** 20 through in the first second, then shut for 5 s; opened again, 20 more in 2 s at 10/s. */
function openedAgain(): { model: RateModel; opened: number } {
  const first = openedWithSuccesses(20, 50)
  const paused = observe(first, refused(first, startedAt + second, 5 * second))
  const opened = paused.pausedUntil
  let model = paused
  for (let seq = 1; seq <= 20; seq++) {
    const at = opened + seq * 100
    model = observe(model, { kind: 'ok', at, sentAt: at - 5, generation: model.generation, sentSeq: 100 + seq, rateBound: true })
  }
  return { model, opened }
}

describe('a refusal that asks for more than a second', () => {
  it('holds everything until then', () => {
    const before = openedWithSuccesses(20, 50)
    const at = startedAt + second
    const after = observe(before, refused(before, at, 5 * second))
    expect(after.pausedUntil).toBe(at + 5 * second)
  })

  it('once the service has opened again, places the limit no higher than what got through since, over the time until it opens again', () => {
    // Shut for 4 s after 20 in 2 s: 20 per 6 s or so.
    const { model, opened } = openedAgain()
    const at = opened + 2 * second + 50
    const again = observe(model, refused(model, at, 4 * second))
    expect(again.pausedUntil).toBe(at + 4 * second)
    expect(again.limit).toBeLessThanOrEqual((20 * second) / (at + 4 * second - 500 - opened))
    expect(again.rate).toBeLessThan(4)
  })

  it('a hostile Retry-After is held to the longest pause the app takes, in the wait and in the limit it bounds', () => {
    const { model, opened } = openedAgain()
    const at = opened + 2 * second + 50
    const year = 365 * 24 * 3_600 * second
    const again = observe(model, refused(model, at, year))
    expect(again.pausedUntil).toBe(at + defaultRateTuning.maxPauseMs)
    // Read to a year, 20 successes would be a limit of one request in 18 days.
    expect(again.limit).toBeGreaterThanOrEqual((20 * second) / (at + defaultRateTuning.maxPauseMs - opened))
  })

  it('the first, with no opening seen, bounds nothing: a run that climbed to the limit did not fill the windows before it', () => {
    const before = openedWithSuccesses(20, 50)
    const after = observe(before, refused(before, startedAt + second, 5 * second))
    expect(after.limit).toBeGreaterThan(10)
  })

  it('counts only what was sent since the service opened: with nothing through since, it places nothing (a limit near zero would stall the batch)', () => {
    const first = openedWithSuccesses(20, 50)
    const paused = observe(first, refused(first, startedAt + second, 5 * second))
    // A request sent before the pause answered after it, then one sent since refused again.
    const late = observe(paused, {
      kind: 'ok',
      at: paused.pausedUntil + 10,
      sentAt: startedAt + 990,
      generation: paused.generation,
      sentSeq: 50,
      rateBound: true,
    })
    const again = observe(late, refused(late, late.pausedUntil + 40, 5 * second))
    expect(again.limit).toBeGreaterThan(1)
  })
})

describe('a refusal that asks for one second', () => {
  it('holds only itself, and places the limit by the rate it came at: a bucket short of one token is not shut', () => {
    const before = openedWithSuccesses(20, 50)
    const at = startedAt + second
    const after = observe(before, refused(before, at, second))
    expect(after.pausedUntil).toBeLessThan(at)
    expect(after.limit).toBeGreaterThan(10)
  })
})
