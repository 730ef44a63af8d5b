import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  allowsInteractiveTarget,
  announcedTargets,
  drawLimiter,
  drawTargets,
  meetsDrawTargets,
  climbedBack,
  sharesKeyFairly,
  splitsEvenly,
  twoDeskTargets,
} from '../../helpers/limiters/random-limiter'
import type { SchedulerOptions } from '../../../src/main/scheduler/scheduler'
import { namedRuns, runDraw, runDrawBesideBatch, runDrawTwoDesks, runEach } from './random-run'

// Limiters drawn at random (test/helpers/limiters/random-limiter.ts), run in virtual time through
// the real API client and scheduler at the default headroom, and held to the targets:
// the batch at 0.90 or more of the rate the user allows (the limit less the headroom), at most 1 %
// 429s (where the limiter announces its quota, two draws in five: 0.95, and no 429 after the first
// answer), nothing lost, interactive lookups' p95 at most 300 ms wherever the limiter allows it
// (allowsInteractiveTarget); two desks on one key split 50/50 ± 10 %, together 0.90 or more, the
// desk left alone back at the limit within 5 s; and a colleague's lookups (desk B) while desk A
// batches, p95 at most 300 ms wherever the limiter allows it.
//
// The control law does not meet them on every draw (docs/architecture.md, "What it reaches"): what
// it reaches is held as the share of draws meeting each target, so that it cannot slip, and every
// draw that misses one is printed with its seed (`drawLimiter(seed)` replays it). RANDOM_DRAWS
// (200 by default, the count: about a minute of one core) and RANDOM_SEED (the first
// seed, 1 by default) choose the draws; RANDOM_FIGURES=1 prints every run. RANDOM_OPTIONS, the
// scheduler's options as JSON (`{"tuning":{"probeShare":0.0025}}`), runs every desk with them: how
// the law's constants were swept together (docs/control-law-log.md, stop 50); each test prints its
// counts before it holds them.
const draws = Number(process.env.RANDOM_DRAWS ?? 200)
const firstSeed = Number(process.env.RANDOM_SEED ?? 1)
const seeds = Array.from({ length: draws }, (_, i) => firstSeed + i)
const limiters = (keep: (seed: number) => boolean) => seeds.filter(keep).map((seed) => drawLimiter(seed))
const options = JSON.parse(process.env.RANDOM_OPTIONS ?? '{}') as SchedulerOptions

/**
 * Shares of draws meeting each target, at least: what the control law reaches over seeds 1–200
 * since stop 42, of all 200 draws unless said (0.82 of the batches at 0.90, 0.755 within 1 %
 * 429s, 0.843 of the 108 interactive p95s the limiter allows, every announcing draw, two desks
 * split evenly on 0.78 of 50 and together at 0.90 on 0.80, back within 5 s on 0.46), less a margin
 * of five to eight one-desk draws (five of the 108) and one to three two-desk ones
 * (docs/architecture.md, "What it reaches"). Other seeds reach other shares: over 201–400, 0.66 of
 * the two-desk runs split evenly.
 */
const reached = {
  ratio: 0.78,
  rate429: 0.73,
  nothingLost: 1,
  interactiveP95: 0.79,
  /** Of the draws that announce their quota: 0.95 of the allowed rate and no 429 after the first answer. */
  announced: 0.95,
  fairSplit: 0.75,
  together: 0.75,
  climbBack: 0.4,
  twoDesksNothingLost: 1,
  /**
   * Desk B starting once desk A has run alone for a quarter of a batch's ideal time (stop 44:
   * split evenly on 19 of 50, together at 0.90 on 37, back within 5 s on 15), less about two
   * draws: the law keeps a split it reached, and has no additive increase to bring a late desk to
   * an even one (docs/control-law-log.md, "Two desks that start apart").
   */
  apartSplit: 0.34,
  apartTogether: 0.7,
  apartClimbBack: 0.26,
  /**
   * Desk B's lookups beside desk A's batch, of the even seeds whose limiter allows the target: 39
   * of 56 over seeds 1–200 since the desk leaves colleagues a place of a learnt cap (37 before).
   */
  colleagueP95: 0.66,
}

// Every draw starts on the same clock (a whole second), not where the draw before it ended: a
// window's phase and the whole seconds its headers count in are the draw's own, and a seed
// replays the same run alone as among the others.
const startedAt = 1_700_000_000_000

beforeEach(() => {
  vi.useFakeTimers({ now: startedAt })
})
afterEach(() => {
  vi.useRealTimers()
})

const count = <T>(runs: readonly T[], meets: (run: T) => boolean) => runs.filter(meets).length
const share = <T>(runs: readonly T[], meets: (run: T) => boolean) => count(runs, meets) / Math.max(1, runs.length)

describe(`${draws} limiters drawn at random (seeds ${firstSeed}–${firstSeed + draws - 1})`, () => {
  it('one desk: the batch at 0.90 of the allowed rate, at most 1 % 429s, nothing lost, interactive p95 at most 300 ms', async () => {
    const runs = await runEach(
      limiters(() => true),
      startedAt,
      (draw) => runDraw(draw, options),
    )
    const withLookups = runs.filter(({ draw }) => allowsInteractiveTarget(draw))
    const misses = runs.filter(({ draw, figures }) => !meetsDrawTargets(draw, figures))
    console.log(`${misses.length} of ${runs.length} draws miss a target:\n${namedRuns(misses)}`)
    const silent = runs.filter(({ draw }) => draw.announced === null)
    console.log(
      `every one-desk target on ${runs.length - misses.length} of ${runs.length}; the batch at 0.90 on ${count(runs, ({ figures }) => figures.ratio >= drawTargets.ratio)};`,
      `at most 1 % 429s on ${count(silent, ({ figures }) => figures.rate429 <= drawTargets.rate429)} of the ${silent.length} that announce nothing,`,
      `which met ${silent.reduce((sum, { figures }) => sum + Math.round(figures.rate429 * figures.requests), 0)} 429s;`,
      `interactive p95 on ${count(withLookups, ({ figures }) => (figures.interactiveP95Ms ?? 0) <= drawTargets.interactiveP95Ms)} of ${withLookups.length}`,
    )
    expect(share(runs, ({ figures }) => figures.ratio >= drawTargets.ratio)).toBeGreaterThanOrEqual(reached.ratio)
    expect(share(runs, ({ figures }) => figures.rate429 <= drawTargets.rate429)).toBeGreaterThanOrEqual(reached.rate429)
    expect(share(runs, ({ figures }) => figures.lost === 0)).toBeGreaterThanOrEqual(reached.nothingLost)
    expect(share(withLookups, ({ figures }) => (figures.interactiveP95Ms ?? 0) <= drawTargets.interactiveP95Ms)).toBeGreaterThanOrEqual(
      reached.interactiveP95,
    )
    const announcing = runs.filter(({ draw }) => draw.announced !== null)
    expect(announcing.length).toBeGreaterThan(0)
    const announcedMet = ({ figures }: (typeof runs)[number]) =>
      figures.ratio >= announcedTargets.ratio && figures.refusedAfterFirstAnswer <= announcedTargets.refusedAfterFirstAnswer
    expect(share(announcing, announcedMet)).toBeGreaterThanOrEqual(reached.announced)
  }, 600_000)

  /** Two desks on every fourth draw, `apart` or not (`twoDesks`); the misses printed, each share held to `least`. */
  async function holdTwoDesks(apart: boolean, least: { split: number; together: number; climbBack: number }) {
    const runs = await runEach(
      limiters((seed) => seed % 4 === 0),
      startedAt,
      (draw) => runDrawTwoDesks(draw, options, undefined, apart),
    )
    const misses = runs.filter(({ figures: f }) => !sharesKeyFairly(f) || !climbedBack(f) || f.lost > 0)
    console.log(`${misses.length} of ${runs.length} two-desk runs${apart ? ' started apart' : ''} miss a target:\n${namedRuns(misses)}`)
    console.log(
      `split 50/50 ± 10 % on ${count(runs, ({ figures }) => splitsEvenly(figures))} of ${runs.length},`,
      `together at 0.90 on ${count(runs, ({ figures }) => figures.together >= twoDeskTargets.together)},`,
      `back within 5 s on ${count(runs, ({ figures }) => climbedBack(figures))}`,
    )
    expect(share(runs, ({ figures }) => figures.lost === 0)).toBeGreaterThanOrEqual(reached.twoDesksNothingLost)
    expect(share(runs, ({ figures }) => splitsEvenly(figures))).toBeGreaterThanOrEqual(least.split)
    expect(share(runs, ({ figures }) => figures.together >= twoDeskTargets.together)).toBeGreaterThanOrEqual(least.together)
    expect(share(runs, ({ figures }) => climbedBack(figures))).toBeGreaterThanOrEqual(least.climbBack)
  }

  it(
    'two desks on one key: 50/50 ± 10 %, together 0.90, the desk left alone back at the limit within 5 s, nothing lost',
    () => holdTwoDesks(false, { split: reached.fairSplit, together: reached.together, climbBack: reached.climbBack }),
    600_000,
  )

  it(
    "two desks that start apart: the same targets, desk B starting after a quarter of a batch's ideal time",
    () => holdTwoDesks(true, { split: reached.apartSplit, together: reached.apartTogether, climbBack: reached.apartClimbBack }),
    600_000,
  )

  it("a colleague's lookups while desk A batches: desk B's p95 at most 300 ms wherever the limiter allows it, nothing lost", async () => {
    const besideBatch = limiters((seed) => seed % 2 === 0).filter(allowsInteractiveTarget)
    const runs = await runEach(besideBatch, startedAt, (draw) => runDrawBesideBatch(draw, options))
    const met = ({ figures }: (typeof runs)[number]) =>
      (figures.interactiveP95Ms ?? Number.POSITIVE_INFINITY) <= drawTargets.interactiveP95Ms
    const misses = runs.filter((run) => !met(run) || run.figures.lost > 0)
    console.log(`${misses.length} of ${runs.length} runs beside a batch miss a target:\n${namedRuns(misses)}`)
    expect(runs.length).toBeGreaterThan(0)
    expect(share(runs, ({ figures }) => figures.lost === 0)).toBe(1)
    expect(share(runs, met)).toBeGreaterThanOrEqual(reached.colleagueP95)
  }, 600_000)
})
