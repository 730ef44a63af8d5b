import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultRateTuning, initialModel, observe, type Observation, type RateModel } from '../../../src/main/scheduler/rate-model'
import { allowsInteractiveTarget, drawTargets, meetsDrawTargets } from '../../helpers/limiters/random-limiter'
import { refusedAt } from './observations'
import { drawsWhere, namedRuns, runEachDraw } from './random-run'

// A cut, then a 429 of a request sent since, with nothing sent since let through: only late
// answers to what went before the cut. The service is refusing all it is sent (a window spent,
// whose slow answers still come in), so everyone waits a pause of our own as well as the cut, and
// no longer than the Retry-After. Counted as open, each such 429 cut again: a window of 135 per
// second answered in 43–67 ms went from 390/s to 74/s in 90 ms (seed 84 of the generator).

const startedAt = 1_700_000_000_000
const { minSelfPauseMs } = defaultRateTuning

beforeEach(() => {
  vi.useFakeTimers({ now: startedAt })
})
afterEach(() => {
  vi.useRealTimers()
})

const ok = (at: number, sentAt: number, generation: number, sentSeq: number): Observation => ({
  kind: 'ok',
  at,
  sentAt,
  generation,
  sentSeq,
  rateBound: true,
})

/** 200 through at 200/s, a 429 that places the limit, then `late` answers to requests sent before it. */
function cutWithLateAnswers(late: number): { model: RateModel; at: number } {
  let model = initialModel(200, 1_000)
  let at = startedAt
  for (let seq = 1; seq <= 200; seq++) {
    at = startedAt + seq * 5
    model = observe(model, ok(at, at - 40, 0, seq))
  }
  model = observe(model, refusedAt(model, at + 1, 1_000))
  for (let i = 1; i <= late; i++) model = observe(model, ok(at + 1 + i, at - 40 + i, 0, 200 + i))
  return { model, at: at + 1 + late }
}

describe('a 429 with nothing sent since the last cut let through', () => {
  it('cuts and pauses everyone for a pause of our own, no longer than the Retry-After', () => {
    const { model, at } = cutWithLateAnswers(5)
    for (const [retryAfterMs, pausedMs] of [
      [1_000, minSelfPauseMs],
      [100, 100],
      [undefined, minSelfPauseMs],
    ] as const) {
      const next = observe(model, refusedAt(model, at + 10, retryAfterMs))
      expect(next.limit, `Retry-After ${retryAfterMs}`).toBeLessThan(model.limit ?? Number.POSITIVE_INFINITY)
      expect(next.limit, `Retry-After ${retryAfterMs}`).toBeGreaterThan(0)
      expect(next.pausedUntil - (at + 10), `Retry-After ${retryAfterMs}`).toBe(pausedMs)
    }
  })

  it('then, with nothing through at all, waits out the Retry-After as a shut service', () => {
    const { model, at } = cutWithLateAnswers(5)
    const once = observe(model, refusedAt(model, at + 10, 1_000))
    const again = observe(once, refusedAt(once, once.pausedUntil + 5, 1_000))
    expect(again.limit).toBe(once.limit)
    expect(again.pausedUntil - (once.pausedUntil + 5)).toBe(1_000)
  })

  it('only cuts once something sent since the cut got through', () => {
    const { model, at } = cutWithLateAnswers(5)
    const through = observe(model, ok(at + 30, at + 5, model.generation, 400))
    const next = observe(through, refusedAt(through, at + 40, 1_000))
    expect(next.limit).toBeLessThan(through.limit ?? Number.POSITIVE_INFINITY)
    expect(next.pausedUntil).toBe(through.pausedUntil)
  })
})

describe('windows drawn at random that say Retry-After', () => {
  // Windows that say Retry-After and announce nothing, from seeds of their own (apart from the property test's).
  const draws = drawsWhere(
    Number(process.env.WINDOW_SEED ?? 9001),
    Number(process.env.WINDOW_DRAWS ?? 60),
    (draw) => (draw.algorithm === 'fixed-window' || draw.algorithm === 'layered-windows') && draw.retryAfter && draw.announced === null,
  )

  // With each such 429 cutting again: every one-desk target on 16 of these 60, interactive p95 on
  // 18 of the 33 where the headroom holds it. Now 20, and 20 of 33. (Over seeds 1–400 of the
  // property test: every one-desk target on 237 of 400, not 226; p95 on 197 of 222, not 187.)
  // Since a 429 places the limit from the rate its request was sent at (stop 39), 20 and 19 of 33:
  // seed 9335's lookup met the window the doubling spent (56 ms → 563), as others' do.
  it('meet every one-desk target on three in ten, and interactive p95 where it holds on more than half', async () => {
    const runs = await runEachDraw(draws, startedAt)
    for (const { draw, figures } of runs) expect(figures.lost, `seed ${draw.seed}`).toBe(0)
    const missed = runs.filter(({ draw, figures }) => !meetsDrawTargets(draw, figures))
    const interactive = runs.filter(({ draw }) => allowsInteractiveTarget(draw))
    const slow = interactive.filter(
      ({ figures }) => figures.interactiveP95Ms === null || figures.interactiveP95Ms > drawTargets.interactiveP95Ms,
    )
    if (process.env.RANDOM_FIGURES)
      console.log(
        `every target on ${runs.length - missed.length} of ${runs.length}; p95 on ${interactive.length - slow.length} of ${interactive.length}`,
      )
    expect(runs.length - missed.length, namedRuns(missed)).toBeGreaterThanOrEqual(0.3 * runs.length)
    expect(interactive.length - slow.length, namedRuns(slow)).toBeGreaterThan(0.5 * interactive.length)
  }, 300_000)
})
