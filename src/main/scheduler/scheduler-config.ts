export interface SchedulerConfig {
  /** Req/s the rate never climbs above. */
  ceiling: number
  /** Most tasks running at once. */
  concurrency: number
  /** Req/s to start from; setting it restarts the adaptation. */
  initialRate: number
}

// Generous enough not to bind below a typical API limit, yet a bound on a runaway climb;
// the start is a moderate rate the climb doubles in under two seconds of saturated work;
// 20 at once keeps 100 req/s going at 200 ms a request.
export const defaultSchedulerConfig: SchedulerConfig = {
  ceiling: 100,
  concurrency: 20,
  initialRate: 20,
}

/** `base` with `patch` applied; throws a RangeError, changing nothing, on a value that makes no sense. */
export function withConfig(base: SchedulerConfig, patch: Partial<SchedulerConfig>): SchedulerConfig {
  const { ceiling, concurrency, initialRate } = patch
  const next = { ...base }
  if (ceiling !== undefined) next.ceiling = positive('ceiling', ceiling)
  if (initialRate !== undefined) next.initialRate = positive('initial rate', initialRate)
  if (concurrency !== undefined) {
    if (!(Number.isInteger(concurrency) && concurrency >= 1)) {
      throw new RangeError(`Concurrency must be a whole number of at least 1, got ${String(concurrency)}`)
    }
    next.concurrency = concurrency
  }
  return next
}

function positive(name: string, value: number): number {
  if (!(Number.isFinite(value) && value > 0)) {
    throw new RangeError(`The ${name} must be a positive number of requests per second, got ${String(value)}`)
  }
  return value
}
