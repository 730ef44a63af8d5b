import { seededRandom } from '../src/sandbox/faults'
import { climbedBack, drawHeadroom, drawLimiter, sharesKeyFairly, type RandomLimiter } from '../test/helpers/limiters/random-limiter'
import { oracleTwoDesks } from '../test/helpers/oracle-desks'
import { latencyJitterOf } from '../test/main/scheduler/virtual-run'
import type { PromisedFields } from './quick'
import { wholeFromEnv } from './random-limiter-runs'
import { median, round } from './stats'

/**
 * What two desks that share no clock can reach on one key, against the draws the property test
 * runs two desks on (every fourth seed): two desks that know the limit (`oracleTwoDesks`), at
 * `phases` starting phases spread evenly over an interval, each with a fixed phase and with a turn
 * moved at random after a refusal. No app code runs: it is the bar the law's two-desk figures are
 * read against. ORACLE_SEED (1) and ORACLE_DRAWS (100) choose the draws; quick: 4 draws, 4 phases.
 */
export function benchTwoDeskOracle(quick: boolean): Record<string, unknown> {
  const first = wholeFromEnv('ORACLE_SEED', () => 1)
  const count = quick ? 4 : wholeFromEnv('ORACLE_DRAWS', () => 100)
  const phases = quick ? 4 : 20
  const draws: RandomLimiter[] = []
  for (let seed = first; draws.length < count; seed++) if (seed % 4 === 0) draws.push(drawLimiter(seed))
  const runs = draws.map((draw) => {
    const at = (hop: boolean) =>
      Array.from({ length: phases }, (_, i) =>
        oracleTwoDesks(draw, drawHeadroom, {
          phase: (i + 0.5) / phases,
          hop: hop ? seededRandom(draw.seed * phases + i) : null,
          latencyJitter: latencyJitterOf(draw, draw.seed),
        }),
      )
    return { draw, noBurst: hasNoBurst(draw), fixed: at(false), hop: at(true) }
  })
  type Run = (typeof runs)[number]
  const summary = (of: Run[], pick: (run: Run) => ReturnType<typeof oracleTwoDesks>[]) => ({
    draws: of.length,
    // A draw meets the targets if most of its phases do: a desk cannot choose its phase.
    fairOnMostPhases: of.filter((run) => pick(run).filter(sharesKeyFairly).length * 2 > phases).length,
    medianTogether: round(median(of.flatMap((run) => pick(run).map((f) => f.together)))),
    median429: round(median(of.flatMap((run) => pick(run).map((f) => f.rate429))), 4),
    // Desk B knows the moment desk A is done: what is left of the climb back is the limiter's.
    climbedBackOnMostPhases: of.filter((run) => pick(run).filter(climbedBack).length * 2 > phases).length,
  })
  const noBurst = runs.filter((run) => run.noBurst)
  return {
    benchmark: 'two-desk-oracle',
    firstSeed: first,
    phases,
    fixedPhase: summary(runs, (run) => run.fixed),
    phaseHop: summary(runs, (run) => run.hop),
    noBurstFixedPhase: summary(noBurst, (run) => run.fixed),
    noBurstPhaseHop: summary(noBurst, (run) => run.hop),
    unfairWithHop: runs.filter((run) => run.hop.filter(sharesKeyFairly).length * 2 <= phases).map((run) => run.draw.name),
  }
}

/**
 * A bucket or GCRA drawn with a burst of one: it refuses any two requests closer than its interval
 * (until a rise of its rate, if one, gives it more).
 */
function hasNoBurst(draw: RandomLimiter): boolean {
  return (draw.algorithm === 'token-bucket' || draw.algorithm === 'gcra') && draw.params.burst === 1
}

export const twoDeskOracleFields: PromisedFields = [
  'benchmark',
  'firstSeed',
  'phases',
  'fixedPhase',
  'phaseHop',
  'noBurstFixedPhase',
  'noBurstPhaseHop',
  'unfairWithHop',
]
