export interface SchedulerConfig {
  /** Req/s the rate never climbs above. */
  ceiling: number
  /** Most tasks running at once. */
  concurrency: number
  /** Req/s to start from; setting it restarts the adaptation. */
  initialRate: number
  /**
   * Fraction of the service's limit that batch work leaves unused, for colleagues on the same
   * key (interactive lookups may use it). 0 when the key is yours alone.
   */
  headroom: number
}

// Generous enough not to bind below a typical API limit, yet a bound on a runaway climb;
// the start is a moderate rate the climb doubles in under two seconds of saturated work;
// 20 at once keeps 100 req/s going at 200 ms a request.
export const defaultSchedulerConfig: SchedulerConfig = {
  ceiling: 100,
  concurrency: 20,
  initialRate: 20,
  // A tenth of the limit: a colleague's lookups every half second fit in it at any limit above 20/s.
  headroom: 0.1,
}

/** `base` with `patch` applied; throws a RangeError, changing nothing, on a value that makes no sense. */
export function withConfig(base: SchedulerConfig, patch: Partial<SchedulerConfig>): SchedulerConfig {
  const { ceiling, concurrency, initialRate, headroom } = patch
  const next = { ...base }
  if (ceiling !== undefined) next.ceiling = positive('ceiling', ceiling)
  if (initialRate !== undefined) next.initialRate = positive('initial rate', initialRate)
  if (concurrency !== undefined) {
    if (!(Number.isInteger(concurrency) && concurrency >= 1)) {
      throw new RangeError(`Concurrency must be a whole number of at least 1, got ${String(concurrency)}`)
    }
    next.concurrency = concurrency
  }
  if (headroom !== undefined) {
    if (!(Number.isFinite(headroom) && headroom >= 0 && headroom <= maxHeadroom)) {
      throw new RangeError(`The headroom must be a fraction from 0 to ${maxHeadroom}, got ${String(headroom)}`)
    }
    next.headroom = headroom
  }
  return next
}

/** Past this, batch work would barely move. */
export const maxHeadroom = 0.5

function positive(name: string, value: number): number {
  if (!(Number.isFinite(value) && value > 0)) {
    throw new RangeError(`The ${name} must be a positive number of requests per second, got ${String(value)}`)
  }
  return value
}
