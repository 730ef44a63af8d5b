import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { initialModel, observe, type Observation, type RateModel } from '../../../src/main/scheduler/rate-model'
import { readRateLimitHeaders } from '../../../src/main/scheduler/rate-limit-headers'
import type { Scheduler } from '../../../src/main/scheduler/scheduler'
import { drawLimiter } from '../../helpers/limiters/random-limiter'
import { runDrawTwoDesks } from './random-run'

// A colleague on the key spends the quota a desk's headers announce: the desk's own count, less
// what it sent since, then says there is room where the service has none. That is not a header
// announcing more than the service allows (header-trust.test.ts): the refusal itself counts nothing
// left. Each desk keeps believing the headers, and finds its share under them as it would under a
// limit it learns: cut at a refusal, back up to the announced rate over the climb.

const startedAt = 1_700_000_000_000

beforeEach(() => {
  vi.useFakeTimers({ now: startedAt })
})
afterEach(() => {
  vi.useRealTimers()
})

/** The first `count` draws from `firstSeed` on whose limiter announces its quota. */
function announcingDraws(firstSeed: number, count: number) {
  const draws = []
  for (let seed = firstSeed; draws.length < count; seed++) {
    const draw = drawLimiter(seed)
    if (draw.announced !== null) draws.push(draw)
  }
  return draws
}

describe('two desks on one key whose limiter announces its quota', () => {
  // Seeds of their own, apart from the property test's: drawn, not chosen.
  const draws = announcingDraws(Number(process.env.COLLEAGUE_SEED ?? 5001), Number(process.env.COLLEAGUE_DRAWS ?? 12))

  it.each(draws.map((draw) => [draw.name, draw] as const))('%s: both desks keep believing the headers; nothing lost', async (_, draw) => {
    let desks: Scheduler[] = []
    vi.setSystemTime(startedAt)
    const figures = await runDrawTwoDesks(draw, {}, (a, b) => {
      desks = [a, b]
    })
    if (process.env.RANDOM_FIGURES) console.log(`${draw.name}: ${JSON.stringify(figures)}`)
    expect(
      desks.map((desk) => desk.state().headersDistrusted),
      `seed ${draw.seed}`,
    ).toEqual([false, false])
    expect(figures.lost, `seed ${draw.seed}`).toBe(0)
  })
})

// The model alone: what a refusal does under an announced limit.
const announcedBy = (remaining: number, at: number) =>
  readRateLimitHeaders(new Headers({ 'X-RateLimit-Limit': '50', 'X-RateLimit-Remaining': String(remaining), 'X-RateLimit-Reset': '1' }), at)

function underAnnounced(): RateModel {
  let model = initialModel(10, 1_000)
  for (let seq = 1; seq <= 3; seq++) {
    const at = startedAt + seq * 20
    model = observe(model, {
      kind: 'ok',
      at,
      sentAt: at - 5,
      generation: 0,
      sentSeq: seq,
      rateBound: true,
      announced: announcedBy(50 - seq, at),
    })
  }
  return model
}

const refusal = (model: RateModel, announced: ReturnType<typeof announcedBy>): Observation => ({
  kind: 'rate-limited',
  at: startedAt + 200,
  sentAt: startedAt + 195,
  generation: model.generation,
  sentSeq: 10,
  rateBound: true,
  retryAfterMs: 1_000,
  announced,
})

describe('a refusal under an announced limit the answers agree with', () => {
  it('cuts the rate and holds nothing else when it counts what is left; successes sent since climb back to the announced rate, never above', () => {
    const before = underAnnounced()
    expect(before.source).toBe('headers')
    const cut = observe(before, refusal(before, announcedBy(0, startedAt + 200)))
    expect(cut.rate).toBeCloseTo(before.rate * 0.8)
    expect(cut.pausedUntil).toBeLessThan(startedAt + 200)
    let model = cut
    const rates = []
    for (let seq = 11; rates.length < 3 * cut.climb; seq++) {
      const at = startedAt + 200 + seq * 20
      model = observe(model, {
        kind: 'ok',
        at,
        sentAt: at - 5,
        generation: model.generation,
        sentSeq: seq,
        rateBound: true,
        announced: announcedBy(40, at),
      })
      rates.push(model.rate)
    }
    expect(rates).toEqual([...rates].sort((a, b) => a - b))
    expect(rates[0]).toBeLessThan(before.rate)
    expect(Math.max(...rates)).toBeCloseTo(before.rate)
  })

  it('holds everything for its Retry-After when it says nothing of what is left', () => {
    const before = underAnnounced()
    const paused = observe(before, refusal(before, null))
    expect(paused.pausedUntil).toBe(startedAt + 200 + 1_000)
    expect(paused.rate).toBeCloseTo(before.rate * 0.8)
  })

  it('an answer to a request sent before the cut does not undo it', () => {
    const before = underAnnounced()
    const cut = observe(before, refusal(before, announcedBy(0, startedAt + 200)))
    const late = observe(cut, {
      kind: 'ok',
      at: startedAt + 210,
      sentAt: startedAt + 150,
      generation: before.generation,
      sentSeq: 9,
      rateBound: true,
      announced: announcedBy(0, startedAt + 210),
    })
    expect(late.rate).toBeCloseTo(cut.rate)
  })
})
