/** The control law's constants (docs/architecture.md, "The control law"): one set for every limiter. */
export interface RateTuning {
  floor: number
  /** Before the first 429 the rate doubles every so many ms of work that waited for its turn. */
  discoverMs: number
  /** At a 429 the rate falls by this fraction of the rate it came at. */
  cut: number
  /**
   * Successes that waited for their turn, after a cut, to climb back to the rate of that 429
   * (and as many again to double it): one 429 per so many keeps 429s well under 1 % at any limit.
   * The learnt cap on requests in flight grows by one after as many that waited for a place.
   */
  recoverSuccesses: number
  /** With headers the limit is known: only this much is left for timing noise. */
  announcedMargin: number
  /** Longest Retry-After honoured; guards against a bogus header freezing the app. */
  maxPauseMs: number
  /** The pause taken while a shut service answers 429 without Retry-After, doubled while 429s follow. */
  minSelfPauseMs: number
  maxSelfPauseMs: number
}

export const defaultRateTuning: RateTuning = {
  floor: 0.1,
  discoverMs: 500,
  cut: 0.2,
  recoverSuccesses: 300,
  announcedMargin: 0.01,
  maxPauseMs: 10 * 60_000,
  minSelfPauseMs: 250,
  maxSelfPauseMs: 16_000,
}
