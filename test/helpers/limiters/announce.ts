import type { LimiterDecision, Quota, QuotaLimiter } from './limiter'

export type AnnounceStyle = 'ratelimit' | 'ratelimit-legacy' | 'x-ratelimit-delta' | 'x-ratelimit-epoch'

// Written here from the header definitions, not shared with the sandbox's formatter: the
// parser is checked against two independent writers.
function headersFor(style: AnnounceStyle, quota: Quota, nowMs: number, policy: string): Record<string, string> {
  const limit = String(Math.max(0, Math.floor(quota.limit)))
  const remaining = String(Math.max(0, Math.floor(quota.remaining)))
  const resetSeconds = Math.max(0, Math.ceil(quota.resetMs / 1000))
  switch (style) {
    case 'ratelimit':
      return {
        'RateLimit-Policy': `"${policy}";q=${limit};w=${Math.max(1, Math.round(quota.windowMs / 1000))}`,
        RateLimit: `"${policy}";r=${remaining};t=${resetSeconds}`,
      }
    case 'ratelimit-legacy':
      return { 'RateLimit-Limit': limit, 'RateLimit-Remaining': remaining, 'RateLimit-Reset': String(resetSeconds) }
    case 'x-ratelimit-delta':
      return { 'X-RateLimit-Limit': limit, 'X-RateLimit-Remaining': remaining, 'X-RateLimit-Reset': String(resetSeconds) }
    case 'x-ratelimit-epoch':
      return {
        'X-RateLimit-Limit': limit,
        'X-RateLimit-Remaining': remaining,
        'X-RateLimit-Reset': String(Math.ceil((nowMs + quota.resetMs) / 1000)),
      }
  }
}

/** The same limiter, announcing where it stands after each decision in one header family. */
export function announce(limiter: QuotaLimiter, style: AnnounceStyle, { policy = 'default' }: { policy?: string } = {}): QuotaLimiter {
  return {
    decide(nowMs): LimiterDecision {
      const decision = limiter.decide(nowMs)
      return { ...decision, headers: { ...decision.headers, ...headersFor(style, limiter.quota(nowMs), nowMs, policy) } }
    },
    quota: (nowMs) => limiter.quota(nowMs),
  }
}
