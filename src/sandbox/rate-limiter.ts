export interface RateLimit {
  /** Tokens per second; 0 turns the limit off. */
  rate: number
  burst: number
}

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number }

interface Bucket {
  tokens: number
  updatedAt: number
}

/** A token bucket per API key, so one merchant's burst does not throttle another. */
export class KeyedRateLimiter {
  private readonly buckets = new Map<string, Bucket>()

  constructor(
    private limit: RateLimit,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get config(): RateLimit {
    return { ...this.limit }
  }

  configure(limit: RateLimit): void {
    this.limit = { ...limit }
    this.buckets.clear()
  }

  take(key: string): RateDecision {
    const { rate, burst } = this.limit
    if (rate <= 0) return { ok: true }
    const now = this.now()
    const bucket = this.buckets.get(key) ?? { tokens: burst, updatedAt: now }
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * rate)
    bucket.updatedAt = now
    this.buckets.set(key, bucket)
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      return { ok: true }
    }
    // Retry-After is whole seconds (RFC 9110), so round the wait for one token up.
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / rate)) }
  }
}
