import type { ThrottlerOptions } from '@nestjs/throttler'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { sleep } from '../../../src/main/api/backoff'
import { seededRandom } from '../../../src/sandbox/faults'
import { createScheduler } from '../../../src/main/scheduler/scheduler'
import { nestGuard } from '../../helpers/limiters/nest-guard'
import { longRunPerSecond, nestThrottlerConfigs, type LimiterWindow } from '../../helpers/limiters/real-limiters'
import { runVirtually, virtualClient } from './virtual-run'

// The real @nestjs/throttler guard and storage in virtual time, for runs past the longest
// throttler's window. Its storage frees each hit a window after it was made, while the reset it
// announces restarts at the first hit after the last one lapsed: at that reset the count comes back
// only by the hits that aged out. Read as a fixed window's, the docs' `long` count looked spent
// until its next reset, a minute away, and the batch stalled (two runs in three of the
// real-limiters bench, 0.55 of the long-run ceiling).

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 })
})
afterEach(() => {
  vi.useRealTimers()
})

/** Throttlers whose limits are numbers, not resolved per request: what a run's ceiling is read from. */
type Throttlers = (ThrottlerOptions & LimiterWindow)[]

/**
 * A batch of `lookups` with an interactive lookup every 2 s (or 4 / the long-run rate, where
 * sparser) while it lasts, through the real API client and scheduler, no headroom; the service
 * answers in `latencyMs` plus up to as much again.
 */
async function run(throttlers: Throttlers, lookups: number, seed: number) {
  const random = seededRandom(seed)
  const guard = await nestGuard(throttlers)
  // Each run its own answer times: whether a count touches nothing just after its reset depends on them.
  const latencyMs = 2 + Math.floor(random() * 60)
  const statuses: number[] = []
  let lastAnswerAt = Date.now()
  const doFetch: typeof fetch = async (input) => {
    await sleep(1 + Math.floor(random() * 5))
    const answer = await guard(new URL(input instanceof Request ? input.url : input).pathname)
    statuses.push(answer.status)
    await sleep(answer.status === 200 ? latencyMs + Math.floor(random() * latencyMs) : 1)
    lastAnswerAt = Date.now()
    return new Response(answer.status === 200 ? '{"id":"pay_1"}' : '{"statusCode":429}', { status: answer.status, headers: answer.headers })
  }
  const { client } = virtualClient(doFetch, createScheduler({ headroom: 0 }))
  const started = Date.now()
  const batch = { done: false }
  const batchRun = Promise.allSettled(
    Array.from({ length: lookups }, (_, i) => client.send({ method: 'GET', path: `/api/payment/pay_b${i}`, priority: 'batch' })),
  ).finally(() => {
    batch.done = true
  })
  // Settled as they go: a lookup told to wait is a figure of the run, not an unhandled rejection.
  const interactive: Promise<PromiseSettledResult<unknown>>[] = []
  const everyMs = Math.max(2_000, Math.round(4_000 / longRunPerSecond(throttlers)))
  const lookupsWhileBatch = (async () => {
    for (let i = 0; !batch.done; i++) {
      interactive.push(
        Promise.allSettled([client.send({ method: 'GET', path: `/api/payment/pay_i${i}`, priority: 'interactive' })]).then(
          ([result]) => result,
        ),
      )
      await sleep(everyMs)
    }
  })()
  const results = await runVirtually(Promise.all([batchRun, lookupsWhileBatch]).then(([settled]) => settled))
  // The lookups' loop ends at its next turn after the batch; the run, at its last answer.
  const seconds = (lastAnswerAt - started) / 1000
  const interactiveResults = await Promise.all(interactive)
  const figures = {
    seed,
    throttlers: throttlers.map(
      ({ ttl, limit, blockDuration }) => `${String(limit)}/${String(ttl)}ms${blockDuration ? ` block ${String(blockDuration)}ms` : ''}`,
    ),
    latencyMs,
    seconds,
    ratio: Math.round((statuses.filter((status) => status === 200).length / seconds / longRunPerSecond(throttlers)) * 1000) / 1000,
    refusedAfterFirst: statuses.slice(1).filter((status) => status === 429).length,
    batchLost: results.filter((result) => result.status === 'rejected').length,
    lookupsFailed: interactiveResults.filter((result) => result.status === 'rejected').length,
  }
  if (process.env.RANDOM_FIGURES) console.log(`@nestjs/throttler in virtual time: ${JSON.stringify(figures)}`)
  return figures
}

/** No 429 after the first answer, nothing lost, no lookup told to wait, and `ratio` of the long-run rate at least. */
function expectTargets(figures: Awaited<ReturnType<typeof run>>, ratio = 0.95) {
  const { refusedAfterFirst, batchLost, lookupsFailed } = figures
  expect({ refusedAfterFirst, batchLost, lookupsFailed }, JSON.stringify(figures)).toEqual({
    refusedAfterFirst: 0,
    batchLost: 0,
    lookupsFailed: 0,
  })
  expect(figures.ratio, JSON.stringify(figures)).toBeGreaterThanOrEqual(ratio)
}

it.each(Array.from({ length: 6 }, (_, i) => 0x5eed + i * 7919))(
  'the docs’ short, medium and long throttlers: a batch runs past the long minute at its rate, no 429 after the first answer (seed %i)',
  async (seed) => {
    const figures = await run(nestThrottlerConfigs['nest-named-short-medium-long'], 260, seed)
    expect(figures.seconds).toBeGreaterThan(120)
    expectTargets(figures)
  },
)

/** One to three throttlers, each window longer than the one before and no faster in the long run; some block for longer than their window. */
function drawThrottlers(seed: number): Throttlers {
  const random = seededRandom(seed)
  const count = 1 + Math.floor(random() * 3)
  const ttls = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000]
  const throttlers: Throttlers = []
  let index = -1
  let perSecond = 2 + random() * 48
  for (let i = 0; i < count && index < ttls.length - 1; i++) {
    // The first window may be any that leaves room for the rest; each next one of the two after it.
    const choices = i === 0 ? ttls.length - count + 1 : 2
    index += 1 + Math.floor(random() * Math.min(choices, ttls.length - 1 - index))
    const ttl = ttls[index] ?? 60_000
    perSecond *= 0.5 + random() * 0.5
    const limit = Math.max(1, Math.round((perSecond * ttl) / 1000))
    const block = random() < 0.25 ? { blockDuration: ttl * (2 + Math.floor(random() * 4)) } : {}
    throttlers.push({ name: count === 1 ? 'default' : `t${String(i)}`, ttl, limit, ...block })
  }
  return throttlers
}

// What the law reaches on them (2026-11-27): of seeds 7001–7030, 28 at 0.95 of the long-run rate or
// more, the lowest 0.913; of 7001–7108 (NEST_DRAWS=108), 104, the lowest 0.891. On every one, no 429
// after the first answer, nothing lost, no lookup told to wait. Those below 0.95 pair throttlers of
// about the same long-run rate and spend it with the lookups on top of the batch: the tighter count
// is often spent, and each hit of it is taken back only once its answer has come (the service
// counted it somewhere before), a window and the answer's latency after it was sent. A stall like
// the one past the docs' `long` minute (0.56) is far under the floor every draw is held to.
const drawnSeeds = Array.from({ length: Number(process.env.NEST_DRAWS ?? 30) }, (_, i) => 7_001 + i)

it(`throttlers drawn at random (seeds ${String(drawnSeeds[0])}–${String(drawnSeeds.at(-1))}): no 429 after the first answer, nothing lost, the long-run rate`, async () => {
  const runs = []
  for (const seed of drawnSeeds) {
    const throttlers = drawThrottlers(seed)
    const longest = Math.max(...throttlers.map((throttler) => throttler.ttl))
    // 20 s of work, or past the longest window twice over, at the long-run rate.
    const lookups = Math.min(2_000, Math.round((longRunPerSecond(throttlers) * Math.max(20_000, 2.2 * longest)) / 1000))
    runs.push(await run(throttlers, lookups, seed))
  }
  const below = runs.filter((figures) => figures.ratio < 0.95)
  for (const figures of below)
    console.log(`below 0.95 of the long-run rate (drawThrottlers(${String(figures.seed)})): ${JSON.stringify(figures)}`)
  for (const figures of runs) expectTargets(figures, 0.85)
  expect(below.length / runs.length).toBeLessThanOrEqual(0.15)
}, 600_000)
