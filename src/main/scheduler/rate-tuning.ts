/** The rate model's constants: how fast it climbs, how far it backs off, how long it holds. */
export interface RateTuning {
  floor: number
  /** Growth per second of rate-bound work before the first 429, and while a probe succeeds. */
  discoverGrowth: number
  probeGrowth: number
  /** Fraction of the learnt limit left unused while holding (the estimate is never exact). */
  margin: number
  /** With headers the limit is known: only this much is left for timing noise. */
  announcedMargin: number
  /**
   * At a 429 too early to count what got through, the limit is taken as this fraction of the
   * rate it came at: discovery climbs from a rate the service took, so the limit lies just below.
   */
  discoverCut: number
  /** A probe that failed at once: the limit is at least this fraction of the rate it failed at. */
  probeCut: number
  /** A 429 while holding with no measurement: the rate was too high by at least this much. */
  holdCut: number
  /** Rate-bound time held before the first probe; longer after each probe that found nothing new (fruitlessSpacingMs). */
  minSpacingMs: number
  maxSpacingMs: number
  /**
   * After a probe that found nothing new, at least this many successes held before the next:
   * each such probe costs a 429, so probing stays within a third of a 1 % share at any limit.
   */
  successesPerProbe: number
  /** A success rate measured over less time than this is noise. */
  minWindowMs: number
  /** Longest Retry-After honoured; guards against a bogus header freezing the app. */
  maxPauseMs: number
  /** The pause taken after a 429 without Retry-After, doubled while 429s follow. */
  minSelfPauseMs: number
  maxSelfPauseMs: number
  /** A limit met within this many successes of going above it has no burst to speak of: jitter is what refuses near it. */
  noBurst: number
  /** Successes since the last 429 before one more, without Retry-After, is taken for arrival jitter (arrival-jitter.ts). */
  jitterRun: number
  /** Ms added between requests at each such 429: the spread of recent round trips, at least this, up to the most in all. */
  jitterStepMs: number
  maxJitterMs: number
  /** Waiting for a window's end placed by one block of 429s wastes up to the time that block's end is uncertain by: at most this much. */
  guessedWindowSpreadMs: number
}

export const defaultRateTuning: RateTuning = {
  floor: 1,
  discoverGrowth: 2,
  probeGrowth: 4,
  margin: 0.03,
  announcedMargin: 0.01,
  discoverCut: 0.95,
  holdCut: 0.8,
  probeCut: 0.95,
  minSpacingMs: 1_500,
  maxSpacingMs: 12_000,
  successesPerProbe: 300,
  minWindowMs: 1_000,
  maxPauseMs: 10 * 60_000,
  minSelfPauseMs: 100,
  maxSelfPauseMs: 2_000,
  guessedWindowSpreadMs: 500,
  noBurst: 3,
  jitterRun: 1,
  jitterStepMs: 2,
  maxJitterMs: 8,
}

/**
 * Rate-bound time held before the next probe, after one that found nothing new: four times the
 * last, and at least `successesPerProbe` successes at `limit` req/s.
 */
export function fruitlessSpacingMs(spacingMs: number, limit: number, tuning: RateTuning): number {
  return Math.max(Math.min(tuning.maxSpacingMs, spacingMs * 4), (tuning.successesPerProbe * 1000) / limit)
}
