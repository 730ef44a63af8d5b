import { describe, expect, it } from 'vitest'
import { spawnLimiter } from '../../../bench/limiter-process'
import { limiterShapes } from '../limiter-shapes'
import { processLimiterNames } from '.'
import { algorithms, drawLimiter, randomShapePrefix } from './random-limiter'

// The shapes bench runs every limiter in a process of its own (limiter-cli.ts). The real ones
// must start there as they do in-process: @nestjs/throttler once failed to, for want of its Reflector.

async function lookupOnce(name: string): Promise<{ status: number; announces: boolean; requests: number }> {
  const limiter = await spawnLimiter(name)
  try {
    const response = await fetch(`${limiter.baseUrl}/api/payment/pay_cli_1`, { headers: { 'X-Service-Api-Key': limiter.apiKey } })
    await response.text()
    const announces = [...response.headers.keys()].some((header) => header.includes('ratelimit'))
    return { status: response.status, announces, requests: (await limiter.stop()).requests }
  } catch (error) {
    await limiter.stop()
    throw error
  }
}

describe('a limiter in its own process', () => {
  it.each(processLimiterNames)('the real %s answers a lookup, announces its limit and counts it', { timeout: 30_000 }, async (name) => {
    expect(await lookupOnce(name)).toEqual({ status: 200, announces: true, requests: 1 })
  })

  it('a hand-written shape answers a lookup and counts it', { timeout: 30_000 }, async () => {
    const shape = limiterShapes[0]
    if (!shape) throw new Error('no limiter shape')
    expect(await lookupOnce(shape.name)).toMatchObject({ status: 200, requests: 1 })
  })

  // The shapes bench draws a fresh seed each run: every algorithm the generator draws must serve
  // from its seed. The first seed from 1 that draws each algorithm, so every one is covered.
  const firstSeedOf = (algorithm: string) => {
    for (let seed = 1; seed < 10_000; seed++) if (drawLimiter(seed).algorithm === algorithm) return seed
    throw new Error(`no seed draws ${algorithm}`)
  }
  it.each(algorithms.map((algorithm) => [algorithm, firstSeedOf(algorithm)] as const))(
    'a limiter drawn at random (%s, random:%i) answers a lookup and counts it',
    { timeout: 30_000 },
    async (_, seed) => {
      expect(await lookupOnce(`${randomShapePrefix}${seed}`)).toMatchObject({ status: 200, requests: 1 })
    },
  )
})
