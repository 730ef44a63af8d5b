export interface AdaptiveRateTuning {
  /** Lowest rate (req/s) a run of 429s can push us to. */
  floor: number
  /** Before the first 429, the rate grows by this fraction of itself per second of rate-bound success. */
  growth: number
  /** Below `approach × limit` the climb is as fast as before the first 429. */
  approach: number
  /** From there up to the limit: this fraction of the limit per second. */
  nearStep: number
  /** Past the limit: this fraction of the limit per second at first... */
  probeStep: number
  /** ...growing by one probeStep every this many seconds: the estimate may be low, or the limit may have risen. */
  probeRampSeconds: number
  /** On a 429 with a measured limit, the rate restarts at this fraction of it. */
  margin: number
  /** On a 429 with no usable measurement, the rate is multiplied by this. */
  cut: number
  /**
   * However low the measurement, the learned limit is at least this fraction of the rate
   * the 429 came at: a Retry-After pause longer than the service's burst wastes refill
   * the count cannot see, and would otherwise drag the estimate down cut after cut.
   */
  limitFloor: number
  /** A success rate measured over less time than this (ms) is noise. */
  minWindowMs: number
  /** Longest Retry-After honoured, in ms; guards against a bogus header freezing the app. */
  maxPauseMs: number
}

export const defaultTuning: AdaptiveRateTuning = {
  floor: 1,
  growth: 0.5,
  approach: 0.9,
  nearStep: 0.01,
  probeStep: 0.005,
  probeRampSeconds: 10,
  margin: 0.97,
  cut: 0.8,
  limitFloor: 0.9,
  minWindowMs: 2000,
  maxPauseMs: 10 * 60_000,
}

/** How a request was started: waiting for a token, behind other work, or into an empty queue. */
export type Pressure = 'rate-bound' | 'backlogged' | 'idle'

export interface AdaptiveRateOptions {
  now: () => number
  initialRate: number
  ceiling: number
  tuning?: Partial<AdaptiveRateTuning>
}

export class AdaptiveRate {
  #rate: number
  #ceiling: number
  #limit: number | null = null
  #generation = 0
  #pausedUntil = Number.NEGATIVE_INFINITY
  // Rate-bound seconds spent above the learned limit since the last cut.
  #probeSeconds = 0
  // Successes since the last cut, unless the queue ran dry since: see #measuredLimit.
  #windowStart: number
  #windowSuccesses = 0
  #windowFromCut = false
  readonly #now: () => number
  readonly #tuning: AdaptiveRateTuning

  constructor(options: AdaptiveRateOptions) {
    this.#now = options.now
    this.#tuning = { ...defaultTuning, ...options.tuning }
    assertRate('ceiling', options.ceiling)
    assertRate('initial rate', options.initialRate)
    this.#ceiling = Math.max(options.ceiling, this.#tuning.floor)
    this.#rate = this.#clamp(options.initialRate)
    this.#windowStart = options.now()
  }

  get rate(): number {
    return this.#rate
  }

  get ceiling(): number {
    return this.#ceiling
  }

  get floor(): number {
    return this.#tuning.floor
  }

  /** Best estimate of the service's sustained limit, from the last cut; null before any 429. */
  get learnedLimit(): number | null {
    return this.#limit
  }

  /**
   * Bumped on every cut. A request carries the generation it was sent in, so that the
   * 429s of requests already in flight at a cut count as one signal, not many.
   */
  get generation(): number {
    return this.#generation
  }

  /** Epoch ms while a Retry-After pause runs, else null. */
  pausedUntil(): number | null {
    return this.#pausedUntil > this.#now() ? this.#pausedUntil : null
  }

  setCeiling(ceiling: number): void {
    assertRate('ceiling', ceiling)
    this.#ceiling = Math.max(ceiling, this.#tuning.floor)
    this.#rate = this.#clamp(this.#rate)
  }

  /** Forget what was learned and start again from `rate`, e.g. after switching environment. */
  restart(rate: number): void {
    assertRate('initial rate', rate)
    this.#rate = this.#clamp(rate)
    this.#limit = null
    this.#probeSeconds = 0
    this.#generation += 1
    this.#resetWindow()
  }

  /**
   * `pressure` is how the request was started. Only a 'rate-bound' one (it waited for a
   * token) tested the current rate, so only its success climbs. An 'idle' one (nothing
   * else waiting) means demand fell below the rate, so the service's bucket may refill
   * unseen and the success rate measured so far no longer tells its limit.
   */
  onSuccess(generation: number, pressure: Pressure): void {
    if (pressure === 'idle') {
      this.#resetWindow()
      return
    }
    this.#windowSuccesses += 1
    if (pressure !== 'rate-bound' || generation !== this.#generation || this.#rate >= this.#ceiling) return
    const { growth, approach, nearStep, probeStep, probeRampSeconds } = this.#tuning
    const limit = this.#limit
    const rate = this.#rate
    // Increments are per success: at `rate` successes a second they add up to the per-second figures.
    let perSecond: number
    if (limit === null || rate < approach * limit) perSecond = growth * rate
    else if (rate < limit) perSecond = nearStep * limit
    else {
      this.#probeSeconds += 1 / rate
      perSecond = probeStep * limit * (1 + this.#probeSeconds / probeRampSeconds)
    }
    this.#rate = this.#clamp(rate + perSecond / rate)
  }

  /** Returns true when this 429 cut the rate (the first one of its generation). */
  onRateLimited(generation: number, retryAfterMs?: number): boolean {
    if (retryAfterMs !== undefined && Number.isFinite(retryAfterMs) && retryAfterMs > 0) {
      const until = this.#now() + Math.min(retryAfterMs, this.#tuning.maxPauseMs)
      this.#pausedUntil = Math.max(this.#pausedUntil, until)
    }
    if (generation !== this.#generation) return false
    const { cut, margin, limitFloor } = this.#tuning
    const before = this.#rate
    const measured = this.#measuredLimit()
    if (measured === null) {
      this.#limit = before
      this.#rate = this.#clamp(before * cut)
    } else {
      const limit = Math.min(before, Math.max(measured, before * limitFloor))
      this.#limit = limit
      this.#rate = this.#clamp(limit * margin)
    }
    this.#probeSeconds = 0
    this.#generation += 1
    this.#resetWindow()
    this.#windowFromCut = true
    return true
  }

  /**
   * The service's bucket is empty at a 429. Between two 429s with the queue backed up the
   * whole time, what it let through is what it refilled: successes over time is its
   * sustained limit, without the burst allowance that hides the limit from the rate alone.
   * A lower bound (refill the service could not store is not counted), so it is where the
   * climb starts, never a cap.
   */
  #measuredLimit(): number | null {
    const elapsed = this.#now() - this.#windowStart
    if (!this.#windowFromCut || elapsed < this.#tuning.minWindowMs) return null
    return (this.#windowSuccesses * 1000) / elapsed
  }

  #resetWindow(): void {
    this.#windowStart = this.#now()
    this.#windowSuccesses = 0
    this.#windowFromCut = false
  }

  #clamp(rate: number): number {
    return Math.min(this.#ceiling, Math.max(this.#tuning.floor, rate))
  }
}

function assertRate(name: string, value: number): void {
  if (!(Number.isFinite(value) && value > 0)) {
    throw new RangeError(`The ${name} must be a positive number of requests per second, got ${String(value)}`)
  }
}
