import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Pacing } from '../../../src/main/scheduler/pacing'
import { defaultRateTuning, initialModel, observe, pausedUntil, type RateModel } from '../../../src/main/scheduler/rate-model'
import { createScheduler } from '../../../src/main/scheduler/scheduler'
import { median } from '../../../bench/stats'
import { batch, lookupsUntil } from '../../helpers/desk-runs'
import { drawHeadroom, drawLimits, holdsInteractive, type RandomLimiter } from '../../helpers/limiters/random-limiter'
import { refusedAt } from './observations'
import { drawsWhere } from './random-run'
import { latencyJitterOf, limiterFetch, runVirtually, urlOf, virtualClient } from './virtual-run'

// A lookup during a batch goes ahead of the batch's work; once the limit is learnt, requests go
// evenly spaced, and a lookup that kept the spacing would wait up to one interval of the rate for
// its turn. Where the limiter has shown it keeps a burst, it goes at once, as an idle lookup does
// (issue 5: during a batch, a lookup's median time within twice the idle one); where it keeps none,
// it keeps the spacing, and lookups the service refuses stay rare.

const startedAt = 1_700_000_000_000
beforeEach(() => vi.useFakeTimers({ now: startedAt }))
afterEach(() => vi.useRealTimers())

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

interface LookupTimes {
  idle: number[]
  busy: number[]
  /** Interactive requests the service answered with a 429, retries included. */
  refused: number
}

/** Lookups every 500 ms for ten seconds alone, then beside a batch of the draw's size until it is done. */
async function lookupsBesideOwnBatch(draw: RandomLimiter): Promise<LookupTimes> {
  const inner = limiterFetch(draw.make(), draw.latencyMs, undefined, latencyJitterOf(draw, draw.seed))
  let refused = 0
  const counted: typeof fetch = async (input, init) => {
    const response = await inner(input, init)
    const url = urlOf(input)
    if (response.status === 429 && url.includes('/i_')) refused += 1
    return response
  }
  const { client } = virtualClient(counted, createScheduler({ ...drawLimits, headroom: drawHeadroom }))
  const now = () => Date.now()
  return runVirtually(
    (async () => {
      const idle = await lookupsUntil(client, sleep(10_000), now)
      const busy = await lookupsUntil(client, batch(client, draw.lookups, 'b', now).done, now)
      return { idle: idle.timesMs, busy: busy.timesMs, refused }
    })(),
  )
}

const unannounced = (draw: RandomLimiter) => draw.announced === null && holdsInteractive(draw)
const isBucket = (draw: RandomLimiter) => draw.algorithm === 'token-bucket' || draw.algorithm === 'gcra'
// A burst of a tenth of a second's worth or more (room for a lookup beside a batch at the limit),
// at 100/s or less, where an interval of the rate is long beside the service's answer.
const withBurst = drawsWhere(
  9_801,
  12,
  (d) => unannounced(d) && isBucket(d) && Number(d.params.rate) <= 100 && Number(d.params.burst) >= Number(d.params.rate) / 10,
)
const noBurst = drawsWhere(9_801, 8, (d) => unannounced(d) && isBucket(d) && Number(d.params.rate) <= 100 && Number(d.params.burst) === 1)

/** A limit of 100/s placed by the first 429 (at the rate the run began at), and the climb back to it: holding there. */
function holding(): { model: RateModel; at: number } {
  let model = initialModel(100, 1_000)
  let at = startedAt
  model = observe(model, refusedAt(model, at))
  for (let seq = 1; model.okSinceCut < model.climb; seq++) {
    at += 10
    model = observe(model, { kind: 'ok', at, sentAt: at - 5, generation: model.generation, sentSeq: seq, rateBound: true })
  }
  expect(model).toMatchObject({ limit: 100, rate: 100, phase: 'hold' })
  return { model, at }
}

describe('a lookup during a batch', () => {
  it.each(withBurst.map((draw) => [draw.name, draw] as const))('goes at once where the limiter keeps a burst: %s', async (_, draw) => {
    const { idle, busy } = await lookupsBesideOwnBatch(draw)
    // Enough lookups for a median: a batch of the draw's size at a rate that rises mid-run is over in five seconds.
    expect(busy.length, `seed ${draw.seed}`).toBeGreaterThanOrEqual(10)
    expect(median(busy), `seed ${draw.seed}: median lookup during the batch against idle`).toBeLessThanOrEqual(2 * median(idle))
    // Keeping the pace, it waits about half an interval of the rate on average; going at once,
    // nothing, give or take the spread of the service's answers.
    const waitedMs = median(busy) - median(idle)
    expect(waitedMs, `seed ${draw.seed}: ms waited`).toBeLessThanOrEqual(250 / Number(draw.params.rate) + (draw.latencyJitterMs ?? 0) / 2)
  })

  it.each(noBurst.map((draw) => [draw.name, draw] as const))('keeps the pace where the limiter keeps none: %s', async (_, draw) => {
    const { busy, refused } = await lookupsBesideOwnBatch(draw)
    expect(busy.length, `seed ${draw.seed}`).toBeGreaterThan(10)
    // The first may go early on a burst jittered answers seemed to show; then one in twenty at most.
    expect(refused, `seed ${draw.seed}: lookups refused of ${busy.length}`).toBeLessThanOrEqual(1 + busy.length / 20)
  })
}, 120_000)

describe('a lookup sent ahead of its token and refused', () => {
  it('moves no estimate: the burst it tried was spent, the rate is as it was', () => {
    const { model, at } = holding()
    const next = observe(model, refusedAt(model, at + 3, 1_000, { early: true }))
    expect(next).toMatchObject({ rate: model.rate, limit: model.limit, generation: model.generation, probeCredit: model.probeCredit })
    // The same 429 of a request that waited for its token cuts the rate.
    expect(observe(model, refusedAt(model, at + 3, 1_000)).rate).toBeLessThan(model.rate)
  })

  it('pauses nobody, where a lookup sent at once and refused pauses everyone for its Retry-After', () => {
    const { model, at } = holding()
    const atOnce = { rateBound: false }
    expect(pausedUntil(observe(model, refusedAt(model, at + 3, 1_000, { ...atOnce, early: true })), at + 4)).toBeNull()
    expect(pausedUntil(observe(model, refusedAt(model, at + 3, 1_000, atOnce)), at + 4)).toBe(at + 3 + 1_000)
  })

  it('asking to wait longer than a token takes is a window spent, as for any request: everyone pauses', () => {
    const { model, at } = holding()
    const next = observe(model, refusedAt(model, at + 3, 5_000, { early: true }))
    expect(pausedUntil(next, at + 4)).toBe(at + 3 + 5_000)
  })
})

describe('whether a lookup may go ahead of its token', () => {
  /** Pacing at a limit of 100/s (an interval of 10 ms), the clock in the test's hands. */
  function pacingAt(model: RateModel) {
    const clock = { at: startedAt }
    const pacing = new Pacing(
      model,
      defaultRateTuning,
      () => 0.1,
      () => clock.at,
    )
    let seq = 0
    const advance = (ms: number) => {
      clock.at += ms
    }
    /** A request of `priority` sent `afterMs` after the last one, and answered `outcome`. */
    const send = (afterMs: number, outcome: 'ok' | 'rate-limited' = 'ok', priority: 'batch' | 'interactive' = 'batch', anyway = false) => {
      advance(afterMs)
      const sent = pacing.take(priority, anyway)
      pacing.answered(sent, outcome)
      seq += 1
      return sent
    }
    const lookupWait = () => pacing.waitFor('interactive', clock.at, seq).ms
    /** A batch request after a pause long enough to owe no token, and 1 ms on. */
    const afterBatch = () => {
      send(30)
      advance(1)
    }
    /** Two requests 3 ms apart, through: under half the interval. */
    const burstShown = () => {
      send(30)
      send(3)
    }
    return { pacing, send, advance, lookupWait, afterBatch, burstShown }
  }

  it('not before two requests closer than half an interval of the limit have got through; then half as close', () => {
    const { send, lookupWait, afterBatch } = pacingAt(holding().model)
    send(30)
    send(6)
    afterBatch()
    expect(lookupWait(), 'keeping the pace').toBeGreaterThan(5)
    send(2) // 3 ms after the request before it
    afterBatch()
    expect(lookupWait()).toBeCloseTo(0.5)
    expect(send(0.5, 'ok', 'interactive').early).toBe(true)
    afterBatch()
    expect(lookupWait(), '1.5 ms after the one before got through: half as close').toBe(0)
  })

  it('as close as the closest two that got through, once one sent so was refused; the next twenty keep the pace', () => {
    const { send, lookupWait, afterBatch, burstShown } = pacingAt(holding().model)
    burstShown()
    afterBatch()
    expect(send(0.5, 'rate-limited', 'interactive').early).toBe(true)
    for (let i = 1; i <= 20; i++) {
      afterBatch()
      expect(lookupWait(), `lookup ${i} after the refusal`).toBeGreaterThan(5)
      send(lookupWait(), 'ok', 'interactive')
    }
    afterBatch()
    expect(lookupWait()).toBeCloseTo(2)
  })

  it('not after the law starts again, nor from a clock stepped back, nor for a lookup sent anyway past a pause', () => {
    const { pacing, send, lookupWait, afterBatch, burstShown } = pacingAt(holding().model)
    burstShown()
    pacing.relearn()
    afterBatch()
    expect(lookupWait(), 'forgotten').toBeGreaterThan(5)
    send(-50)
    afterBatch()
    expect(lookupWait(), 'a gap below nothing').toBeGreaterThan(5)
    send(3)
    afterBatch()
    expect(send(0, 'ok', 'interactive', true).early).toBe(false)
  })

  it('not under a learnt cap on requests in flight, where a lookup waits for a place', () => {
    const { lookupWait, afterBatch, burstShown } = pacingAt({ ...holding().model, inFlightCap: 8 })
    burstShown()
    afterBatch()
    expect(lookupWait()).toBeGreaterThan(5)
  })
})
