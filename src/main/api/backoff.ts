import { defaultRateTuning } from '../scheduler/rate-tuning'

export interface RetryPolicy {
  /** Attempts in all for a GET after 5xx, network errors and garbled answers. */
  maxAttempts: number
  /** Attempts in all for an interactive request held back (429, or a 5xx that said when to come back): someone is waiting. */
  maxRateLimitedAttempts: number
  baseDelayMs: number
  maxDelayMs: number
  /** No retry starts later than this after the first attempt. */
  maxTotalMs: number
  /**
   * The same for batch work the service held back: it was not processed, and the throttle paces
   * its retries, so it keeps its place rather than being lost to a window that refills in a minute.
   */
  maxHeldBackMs: number
}

export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 4,
  maxRateLimitedAttempts: 8,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxTotalMs: 60_000,
  maxHeldBackMs: defaultRateTuning.maxPauseMs,
}

/** Exponential backoff with full jitter: a random wait up to base × 2^(attempt-1), capped. */
export function backoffDelay(policy: RetryPolicy, attempt: number, random: () => number): number {
  return Math.round(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1)))
}

/** Retry-After as delay-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const date = Date.parse(text)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error)
      return
    }
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason as Error)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
