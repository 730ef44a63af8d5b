import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { initialModel, observe, type RateModel, type SentFacts } from '../../../src/main/scheduler/rate-model'
import { drawTargets, meetsDrawTargets } from '../../helpers/limiters/random-limiter'
import { refusedAt } from './observations'
import { drawsWhere, namedRuns, runEachDraw } from './random-run'

// A cap on requests in flight frees as soon as an answer comes back. A 429 that asks to wait longer
// than a token takes is a window's, whatever was in flight when it came: read as a cap, a fixed
// window of 525 per 3 s answered in 1 ms (seed 27 of the generator) was spent with three in
// flight at 800/s, the rate was not cut, and the doubling went on into the next window.

const startedAt = 1_700_000_000_000

beforeEach(() => {
  vi.useFakeTimers({ now: startedAt })
})
afterEach(() => {
  vi.useRealTimers()
})

// Sent with 12 in flight unless said otherwise.
const refused = (model: RateModel, at: number, retryAfterMs: number | undefined, facts: Partial<SentFacts> = {}) =>
  refusedAt(model, at, retryAfterMs, { inFlight: 12, ...facts })

/** 200 through at 200/s with up to 12 in flight, the doubling not yet stopped. */
function discovering(): { model: RateModel; at: number } {
  let model = initialModel(200, 1_000)
  let at = startedAt
  for (let seq = 1; seq <= 200; seq++) {
    at = startedAt + seq * 5
    model = observe(model, { kind: 'ok', at, sentAt: at - 40, generation: 0, sentSeq: seq, rateBound: true, inFlight: 12 })
  }
  return { model, at }
}

describe('a 429 with many in flight', () => {
  it('asking to wait longer than a token learns no cap: it cuts the rate and pauses everyone for it', () => {
    const { model, at } = discovering()
    const next = observe(model, refused(model, at + 1, 5_000))
    expect(next.inFlightCap).toBeNull()
    expect(next.limit).not.toBeNull()
    expect(next.rate).toBeLessThan(model.rate)
    expect(next.pausedUntil).toBe(at + 1 + 5_000)
  })

  it('asking for one token, or for nothing, is read as a cap of one fewer, and cuts nothing', () => {
    for (const retryAfterMs of [1_000, undefined]) {
      const { model, at } = discovering()
      const next = observe(model, refused(model, at + 1, retryAfterMs))
      expect(next.inFlightCap, `Retry-After ${retryAfterMs}`).toBe(11)
      expect(next.rate, `Retry-After ${retryAfterMs}`).toBe(model.rate)
    }
  })

  it('under a cap already learnt, met by a request that waited for a place, still pauses for a long Retry-After', () => {
    const { model: discovered, at } = discovering()
    const capped = observe(discovered, refused(discovered, at + 1, 1_000, { slotBound: true, rateBound: false }))
    expect(capped.inFlightCap).toBe(11)
    const through = observe(capped, {
      kind: 'ok',
      at: at + 10,
      sentAt: at + 5,
      generation: capped.generation,
      sentSeq: 500,
      slotBound: true,
      rateBound: false,
      inFlight: 8,
    })
    const next = observe(through, refused(through, at + 20, 5_000, { slotBound: true, rateBound: false, inFlight: 11 }))
    expect(next.inFlightCap).toBe(11)
    expect(next.pausedUntil).toBe(at + 20 + 5_000)
  })
})

describe('fixed windows drawn at random that say Retry-After', () => {
  // Fixed windows that say Retry-After and announce nothing, from seeds of their own.
  const draws = drawsWhere(
    Number(process.env.WINDOW_SEED ?? 9301),
    Number(process.env.WINDOW_DRAWS ?? 80),
    (draw) => draw.algorithm === 'fixed-window' && draw.retryAfter && draw.announced === null,
  )

  // Read as a cap, such a 429 left the rate uncut: 58 of these 80 kept to 1 % 429s, and 34 met
  // every one-desk target. Now 63, and 39. (Over seeds 1–400 of the property test: every one-desk
  // target on 239 of 400, not 237; 401–800: 217, not 215.)
  it('keep to 1 % 429s on three in four, and meet every one-desk target on nine in twenty', async () => {
    const runs = await runEachDraw(draws, startedAt)
    for (const { draw, figures } of runs) expect(figures.lost, `seed ${draw.seed}`).toBe(0)
    const over = runs.filter(({ figures }) => figures.rate429 > drawTargets.rate429)
    const missed = runs.filter(({ draw, figures }) => !meetsDrawTargets(draw, figures))
    if (process.env.RANDOM_FIGURES)
      console.log(`1 % on ${runs.length - over.length} of ${runs.length}; every target on ${runs.length - missed.length}`)
    expect(runs.length - over.length, namedRuns(over)).toBeGreaterThanOrEqual(0.75 * runs.length)
    expect(runs.length - missed.length, namedRuns(missed)).toBeGreaterThanOrEqual(0.45 * runs.length)
  }, 300_000)
})
