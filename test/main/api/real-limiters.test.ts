import { describe, expect, it } from 'vitest'
import {
  expressRateLimitModes,
  nestThrottlerConfigs,
  startExpressRateLimit,
  startNestThrottler,
  type RealLimiter,
} from '../../helpers/limiters/real-limiters'
import { clientFor, testKey } from './client-fixture'

// The app's real API client and scheduler against the limiters services really run: a short
// batch and interactive lookups beside it. Every one announces its limit, so after the first
// answer no request may be refused, and nothing may be lost; and since each says it has room for
// one more, an interactive lookup goes at once rather than wait for the batch's next turn (at the
// named throttlers' 100 a minute, 600 ms). Lookups come every `intervalMs`: the named throttlers'
// "short" takes 3 a second, so lookups a second apart are all it leaves room for beside a batch.

const interactiveBoundMs = 300

async function run(
  limiter: RealLimiter,
  batchSize: number,
  intervalMs = 300,
): Promise<{ refusedAfterFirst: number; lost: number; interactiveOverBound: number[] }> {
  const { client } = clientFor(
    { baseUrl: limiter.baseUrl, apiKey: testKey },
    { retry: { baseDelayMs: 250, maxDelayMs: 8_000 }, scheduler: { initialRate: 20, ceiling: 100 } },
  )
  try {
    const lookup = (i: number, priority: 'batch' | 'interactive') =>
      client.send({ method: 'GET', path: `/api/payment/pay_${priority}_${i}`, priority })
    const batch = Array.from({ length: batchSize }, (_, i) => lookup(i, 'batch'))
    const interactiveMs: number[] = []
    const interactive = [0, 1, 2].map(async (i) => {
      await new Promise((resolve) => setTimeout(resolve, intervalMs * (i + 1)))
      const asked = performance.now()
      const answer = await lookup(i, 'interactive').catch((error: unknown) => {
        // A lookup behind a long wait is answered at once, and the user may send it anyway.
        if ((error as { code?: string }).code !== 'service-asked-to-wait') throw error
        return lookup(i, 'interactive')
      })
      interactiveMs.push(Math.round(performance.now() - asked))
      return answer
    })
    const started = performance.now()
    const results = await Promise.allSettled([...batch, ...interactive])
    const refused = limiter.statuses.filter((status) => status === 429).length
    console.log(
      `${limiter.baseUrl}: ${limiter.statuses.length} requests, ${refused} answered 429, ${Math.round(performance.now() - started)} ms`,
    )
    return {
      refusedAfterFirst: limiter.statuses.slice(1).filter((status) => status === 429).length,
      lost: results.filter((result) => result.status === 'rejected').length,
      interactiveOverBound: interactiveMs.filter((ms) => ms > interactiveBoundMs),
    }
  } finally {
    await limiter.close()
  }
}

describe('@nestjs/throttler', () => {
  it.each(Object.keys(nestThrottlerConfigs) as (keyof typeof nestThrottlerConfigs)[])(
    '%s',
    async (config) => {
      const named = config === 'nest-named-short-medium-long'
      const figures = await run(await startNestThrottler(config), named ? 12 : 60, named ? 2_000 : 300)
      expect(figures).toEqual({ refusedAfterFirst: 0, lost: 0, interactiveOverBound: [] })
    },
    30_000,
  )
})

describe('express-rate-limit', () => {
  it.each(expressRateLimitModes)(
    '%s headers',
    async (mode) => {
      expect(await run(await startExpressRateLimit(mode), 60)).toEqual({ refusedAfterFirst: 0, lost: 0, interactiveOverBound: [] })
    },
    30_000,
  )
})
