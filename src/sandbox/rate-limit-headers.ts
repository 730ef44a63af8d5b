import type { BucketState, RateLimit } from './rate-limiter'

/** The header families a service may announce its limit in; the sandbox sends none unless asked. */
export const rateLimitHeaderStyles = ['ratelimit', 'ratelimit-legacy', 'x-ratelimit', 'x-ratelimit-epoch'] as const
export type RateLimitHeaderStyle = (typeof rateLimitHeaderStyles)[number]

export function isRateLimitHeaderStyle(value: string): value is RateLimitHeaderStyle {
  return (rateLimitHeaderStyles as readonly string[]).includes(value)
}

/**
 * The bucket as a quota per window: the headers count whole seconds, so the window is the
 * shortest whole number of seconds that refills a full bucket, and the quota is what the rate
 * gives over it (25/s with a burst of 50: 50 per 2 s). Reset is when the bucket is full again.
 */
export function rateLimitHeaders(style: RateLimitHeaderStyle, limit: RateLimit, state: BucketState, nowMs: number): Record<string, string> {
  const windowSeconds = Math.max(1, Math.ceil(limit.burst / limit.rate))
  const quota = String(Math.max(1, Math.floor(limit.rate * windowSeconds)))
  const remaining = String(Math.max(0, state.remaining))
  const resetSeconds = Math.max(0, Math.ceil(state.fullInMs / 1000))
  switch (style) {
    case 'ratelimit':
      // draft-ietf-httpapi-ratelimit-headers: structured fields naming one policy.
      return { 'RateLimit-Policy': `"sandbox";q=${quota};w=${windowSeconds}`, RateLimit: `"sandbox";r=${remaining};t=${resetSeconds}` }
    case 'ratelimit-legacy':
      return { 'RateLimit-Limit': quota, 'RateLimit-Remaining': remaining, 'RateLimit-Reset': String(resetSeconds) }
    case 'x-ratelimit':
      return { 'X-RateLimit-Limit': quota, 'X-RateLimit-Remaining': remaining, 'X-RateLimit-Reset': String(resetSeconds) }
    case 'x-ratelimit-epoch':
      return {
        'X-RateLimit-Limit': quota,
        'X-RateLimit-Remaining': remaining,
        'X-RateLimit-Reset': String(Math.ceil((nowMs + state.fullInMs) / 1000)),
      }
  }
}
