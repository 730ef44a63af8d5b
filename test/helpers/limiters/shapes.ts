import type { LimiterDecision, Quota, QuotaLimiter } from './limiter'

function positive(name: string, value: number): void {
  if (!(Number.isFinite(value) && value > 0)) throw new Error(`${name} must be a positive number, got ${value}`)
}

/**
 * Token bucket: `burst` tokens at most, refilled continuously at `rate` per second, full at the
 * start; a request takes one token. Retry-After is the wait for the next token, in whole seconds
 * rounded up (RFC 9110 has no fractions).
 */
export function tokenBucket({ rate, burst }: { rate: number; burst: number }): QuotaLimiter {
  positive('rate', rate)
  positive('burst', burst)
  // Kept in thousandths of a token: with whole rates and whole milliseconds the refill is exact,
  // so a run's admissions do not drift with floating-point sums.
  const full = burst * 1000
  let milliTokens = full
  let updatedAt: number | null = null
  const refill = (nowMs: number) => {
    if (updatedAt !== null) milliTokens = Math.min(full, milliTokens + (nowMs - updatedAt) * rate)
    updatedAt = nowMs
  }
  return {
    decide(nowMs): LimiterDecision {
      refill(nowMs)
      if (milliTokens >= 1000) {
        milliTokens -= 1000
        return { allowed: true }
      }
      return { allowed: false, retryAfterSeconds: Math.ceil((1000 - milliTokens) / rate / 1000) }
    },
    quota(nowMs): Quota {
      refill(nowMs)
      // Announced windows are whole seconds: the shortest whole window that holds a full bucket,
      // with the quota the rate gives over it (50/s burst 50: 50 per 1 s; 20/s burst 1: 20 per 1 s).
      const windowSeconds = Math.max(1, Math.ceil(burst / rate))
      return {
        limit: Math.floor(rate * windowSeconds),
        windowMs: windowSeconds * 1000,
        remaining: Math.floor(milliTokens / 1000),
        resetMs: (full - milliTokens) / rate,
      }
    },
  }
}

/**
 * Fixed window: at most `limit` requests in each window [k·windowMs, (k+1)·windowMs) of the
 * clock. Retry-After is the time to the window's end, in whole seconds rounded up.
 */
export function fixedWindow({ limit, windowMs }: { limit: number; windowMs: number }): QuotaLimiter {
  positive('limit', limit)
  positive('windowMs', windowMs)
  let window = Number.NEGATIVE_INFINITY
  let count = 0
  const enter = (nowMs: number) => {
    const current = Math.floor(nowMs / windowMs)
    if (current !== window) {
      window = current
      count = 0
    }
  }
  const untilEnd = (nowMs: number) => (window + 1) * windowMs - nowMs
  return {
    decide(nowMs): LimiterDecision {
      enter(nowMs)
      if (count < limit) {
        count += 1
        return { allowed: true }
      }
      return { allowed: false, retryAfterSeconds: Math.ceil(untilEnd(nowMs) / 1000) }
    },
    quota(nowMs): Quota {
      enter(nowMs)
      return { limit, windowMs, remaining: limit - count, resetMs: untilEnd(nowMs) }
    },
  }
}

/**
 * Sliding log: a request is admitted when fewer than `limit` admitted requests fall in the last
 * `windowMs` (those at t with now − t < windowMs), so no window of that length anywhere holds
 * more than `limit`. Refused requests are not logged. Retry-After is a constant, as some
 * services send whatever the wait.
 */
export function slidingLog({
  limit,
  windowMs,
  retryAfterSeconds = 1,
}: {
  limit: number
  windowMs: number
  retryAfterSeconds?: number
}): QuotaLimiter {
  positive('limit', limit)
  positive('windowMs', windowMs)
  const log: number[] = []
  let first = 0
  const expire = (nowMs: number) => {
    while (first < log.length && nowMs - (log[first] ?? 0) >= windowMs) first += 1
    // Compact now and then so a long run does not keep every timestamp.
    if (first > 1024 && first * 2 > log.length) {
      log.splice(0, first)
      first = 0
    }
  }
  return {
    decide(nowMs): LimiterDecision {
      expire(nowMs)
      if (log.length - first < limit) {
        log.push(nowMs)
        return { allowed: true }
      }
      return { allowed: false, retryAfterSeconds }
    },
    quota(nowMs): Quota {
      expire(nowMs)
      const inWindow = log.length - first
      const newest = log[log.length - 1]
      return {
        limit,
        windowMs,
        remaining: limit - inWindow,
        // The full quota is back when the newest admitted request leaves the window.
        resetMs: inWindow === 0 || newest === undefined ? 0 : newest + windowMs - nowMs,
      }
    },
  }
}
