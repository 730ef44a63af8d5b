import type { Limiter, LimiterDecision, Quota, QuotaLimiter } from './limiter'

/** The same limiter, answering its 429s with no Retry-After at all. */
export function withoutRetryAfter<L extends Limiter>(limiter: L): L {
  return {
    ...limiter,
    decide(nowMs): LimiterDecision {
      const decision = limiter.decide(nowMs)
      if (decision.allowed) return decision
      return decision.headers ? { allowed: false, headers: decision.headers } : { allowed: false }
    },
  }
}

export interface SwitchOptions {
  /**
   * 'clock' (the default): `atMs` is a time on the caller's clock. 'first-request': `atMs` is
   * counted from the first decision, for servers whose clients start at an unknown time.
   */
  from?: 'clock' | 'first-request'
}

/**
 * `first` until `atMs`, then `second` (which starts fresh: its state is whatever it was built
 * with), as when a service changes its limit mid-run.
 */
export function switchAt(first: QuotaLimiter, second: QuotaLimiter, atMs: number, options: SwitchOptions = {}): QuotaLimiter {
  let switchMs = options.from === 'first-request' ? null : atMs
  const active = (nowMs: number): QuotaLimiter => {
    switchMs ??= nowMs + atMs
    return nowMs < switchMs ? first : second
  }
  return {
    decide: (nowMs) => active(nowMs).decide(nowMs),
    done: (nowMs) => active(nowMs).done?.(nowMs),
    quota: (nowMs): Quota => active(nowMs).quota(nowMs),
  }
}
