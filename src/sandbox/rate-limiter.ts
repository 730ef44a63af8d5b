export interface RateLimit {
  /** Tokens per second; 0 turns the limit off. */
  rate: number
  burst: number
}

/** Where a key's bucket stands after a decision, for the rate-limit headers. */
export interface BucketState {
  /** Whole tokens left. */
  remaining: number
  /** Time until the bucket is full again. */
  fullInMs: number
}

/** No state when the limit is off. */
export type RateDecision = { ok: true; state?: BucketState } | { ok: false; retryAfterSeconds: number; state: BucketState }

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
    const state = () => ({ remaining: Math.floor(bucket.tokens), fullInMs: ((burst - bucket.tokens) / rate) * 1000 })
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      return { ok: true, state: state() }
    }
    // Retry-After is whole seconds (RFC 9110), so round the wait for one token up.
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / rate)), state: state() }
  }
}
