// Rate limiters written from the definitions of each algorithm, independently of the app's
// scheduler, so the scheduler is measured against shapes it was not built around. Each one is
// pure: the caller passes the time, so the same model runs in virtual time and behind a server.

export type LimiterDecision =
  { allowed: true; headers?: Record<string, string> } | { allowed: false; retryAfterSeconds?: number; headers?: Record<string, string> }

export interface Limiter {
  /** One call per request, in arrival order; `nowMs` never goes backwards. */
  decide(nowMs: number): LimiterDecision
  /** An admitted request was answered: a limiter of requests in flight frees its place. */
  done?(nowMs: number): void
}

/** What a limiter would announce after its last decision (all in requests and milliseconds). */
export interface Quota {
  /** Requests per window. */
  limit: number
  windowMs: number
  /** Requests left now, whole. */
  remaining: number
  /** Time until the full quota is available again. */
  resetMs: number
}

/** A limiter that can also say where it stands, for the `announce` wrapper. */
export interface QuotaLimiter extends Limiter {
  quota(nowMs: number): Quota
}
