/** The control law's constants (docs/architecture.md, "The control law"): one set for every limiter. */
export interface RateTuning {
  floor: number
  /** Before the first 429 the rate doubles every so many ms of work that waited for its turn. */
  discoverMs: number
  /** At a 429 the rate falls to this fraction under the limit the 429 places. */
  cut: number
  /**
   * The climb back to the rate of the last 429 (and as far again to double it), in successes
   * that waited for their turn: `firstClimbMs` of them at that rate, at least `minClimb`.
   */
  firstClimbMs: number
  minClimb: number
  /** The learnt cap on requests in flight first grows by one after so many successes that waited for a place. */
  capGrowth: number
  /** Of a probe above the limit, what each success earns (creditAfter); each 429 costs a whole one, so probes that find nothing cost about this share of 429s. */
  probeShare: number
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
  firstClimbMs: 1_500,
  minClimb: 10,
  capGrowth: 300,
  probeShare: 1 / 200,
  announcedMargin: 0.01,
  maxPauseMs: 10 * 60_000,
  minSelfPauseMs: 250,
  maxSelfPauseMs: 16_000,
}
