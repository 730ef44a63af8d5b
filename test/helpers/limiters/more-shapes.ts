import type { Limiter, LimiterDecision, Quota, QuotaLimiter } from './limiter'

function positive(name: string, value: number): void {
  if (!(Number.isFinite(value) && value > 0)) throw new Error(`${name} must be a positive number, got ${value}`)
}

/**
 * GCRA (the generic cell rate algorithm, as redis-cell and throttled run it): a theoretical
 * arrival time advances by 1/rate per admitted request; a request is admitted while that time
 * lies no more than `burst − 1` emission intervals ahead of now. Retry-After is the wait until
 * it would be, in whole seconds rounded up.
 */
export function gcra({ rate, burst }: { rate: number; burst: number }): QuotaLimiter {
  positive('rate', rate)
  positive('burst', burst)
  const intervalMs = 1000 / rate
  const toleranceMs = intervalMs * (burst - 1)
  let tat = Number.NEGATIVE_INFINITY
  return {
    decide(nowMs): LimiterDecision {
      const start = Math.max(tat, nowMs)
      const allowAt = start - toleranceMs
      // Within a float's rounding of now is now: 17 + 1000/66 − 1000/66 is not 17 in doubles, and
      // two requests at one instant must be admitted as the token bucket admits them.
      if (allowAt <= nowMs + 1e-9) {
        tat = start + intervalMs
        return { allowed: true }
      }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((allowAt - nowMs) / 1000)) }
    },
    quota(nowMs): Quota {
      const ahead = Math.max(0, tat - nowMs)
      // As the token bucket announces itself: whole seconds, the quota the rate gives over the
      // shortest that holds a full burst (30/s with no burst: 30 per 1 s, not 1 per 1 s).
      const windowSeconds = Math.max(1, Math.ceil(burst / rate))
      return {
        limit: Math.floor(rate * windowSeconds),
        windowMs: windowSeconds * 1000,
        remaining: Math.max(0, Math.floor((toleranceMs + intervalMs - ahead) / intervalMs)),
        resetMs: ahead,
      }
    },
  }
}

/**
 * A cap on requests in flight: a request is refused while `limit` admitted ones have not been
 * answered (the caller says when with `done`). Retry-After, when sent, is one second.
 */
export function concurrencyCap({ limit, retryAfterSeconds }: { limit: number; retryAfterSeconds?: number }): Limiter {
  positive('limit', limit)
  let inFlight = 0
  return {
    decide(): LimiterDecision {
      if (inFlight < limit) {
        inFlight += 1
        return { allowed: true }
      }
      return retryAfterSeconds === undefined ? { allowed: false } : { allowed: false, retryAfterSeconds }
    },
    done() {
      inFlight = Math.max(0, inFlight - 1)
    },
  }
}

/**
 * Several limiters in layers, as @nestjs/throttler's named throttlers: a request must pass every
 * one; as in its guard, each layer counts the request as it passes, in order, and the first
 * refusal answers (with that layer's Retry-After).
 */
export function layered(layers: readonly Limiter[]): Limiter {
  if (layers.length === 0) throw new Error('layered needs at least one limiter')
  return {
    decide(nowMs): LimiterDecision {
      for (const layer of layers) {
        const decision = layer.decide(nowMs)
        if (!decision.allowed) return decision
      }
      return { allowed: true }
    },
    done(nowMs) {
      for (const layer of layers) layer.done?.(nowMs)
    },
  }
}
