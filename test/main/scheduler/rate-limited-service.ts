import { vi } from 'vitest'
import type { Scheduler } from '../../../src/main/scheduler/scheduler'

/** How the simulated service words its 429. */
export type RetryAfterStyle = 'none' | 'whole-seconds' | 'exact'

export interface SimulationOptions {
  tasks: number
  /** The service's sustained limit in req/s, unknown to the scheduler. */
  limit: number
  /** The service's burst allowance. */
  burst: number
  retryAfter: RetryAfterStyle
  /** Round-trip time of the i-th attempt in ms; half before the service decides, half after. */
  latencyMs: (attempt: number) => number
}

export interface SimulationResult {
  succeeded: number
  requests: number
  rateLimited: number
  elapsedMs: number
  /** Successes per second over the limit. */
  throughputRatio: number
  rateLimitedShare: number
}

/**
 * A service with a token-bucket limit, and a client that retries each 429 by scheduling the
 * lookup again, as the API client does. Runs on vitest fake timers, which it expects enabled.
 */
export async function simulateBatch(scheduler: Scheduler, options: SimulationOptions): Promise<SimulationResult> {
  const { limit, burst } = options
  const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
  let serviceTokens = burst
  let refilledAt = Date.now()
  const admit = (): number | null => {
    const t = Date.now()
    serviceTokens = Math.min(burst, serviceTokens + ((t - refilledAt) * limit) / 1000)
    refilledAt = t
    if (serviceTokens >= 1) {
      serviceTokens -= 1
      return null
    }
    return ((1 - serviceTokens) * 1000) / limit
  }
  const retryAfterFor = (waitMs: number): number | undefined => {
    if (options.retryAfter === 'none') return undefined
    if (options.retryAfter === 'whole-seconds') return Math.max(1, Math.ceil(waitMs / 1000)) * 1000
    return waitMs
  }

  let requests = 0
  let rateLimited = 0
  const attempt = (): Promise<boolean> =>
    scheduler.schedule(
      async (ctx) => {
        const latency = options.latencyMs(requests)
        requests += 1
        await sleep(latency / 2)
        const refusedFor = admit()
        await sleep(latency / 2)
        if (refusedFor === null) {
          ctx.report('ok')
          return true
        }
        rateLimited += 1
        ctx.report('rate-limited', retryAfterFor(refusedFor))
        return false
      },
      { priority: 'batch' },
    )
  const lookup = async (): Promise<void> => {
    while (!(await attempt())) {
      // The client retries at once; the scheduler's pause and reduced rate do the waiting.
    }
  }

  const startedAt = Date.now()
  let succeeded = 0
  const progress = { finished: false }
  const all = Promise.all(
    Array.from({ length: options.tasks }, async () => {
      await lookup()
      succeeded += 1
    }),
  ).finally(() => {
    progress.finished = true
  })
  while (!progress.finished) await vi.advanceTimersToNextTimerAsync()
  await all
  const elapsedMs = Date.now() - startedAt
  return {
    succeeded,
    requests,
    rateLimited,
    elapsedMs,
    throughputRatio: succeeded / (elapsedMs / 1000) / limit,
    rateLimitedShare: rateLimited / requests,
  }
}
