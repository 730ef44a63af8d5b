import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { seededRandom } from '../../../src/sandbox/faults'
import { createScheduler } from '../../../src/main/scheduler/scheduler'
import { nestGuard } from '../../helpers/limiters/nest-guard'
import { runVirtually, virtualClient } from './virtual-run'

// The real @nestjs/throttler guard and storage (the throttler docs' short, medium and long named
// throttlers) in virtual time, for runs past the long throttler's minute. Its storage frees each
// hit a window after it was made, while the reset it announces restarts at the first hit after the
// last one lapsed: at that reset the count comes back only by the hits that aged out. Read as a
// fixed window's, the long count looked spent until its next reset, a minute away, and the batch
// stalled (two runs in three of the real-limiters bench, 0.55 of the long-run ceiling).

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 })
})
afterEach(() => {
  vi.useRealTimers()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
// 100 a minute: the long throttler, which binds a long run.
const ceiling = 100 / 60
const seeds = Array.from({ length: 6 }, (_, i) => 0x5eed + i * 7919)

it.each(seeds)(
  'a batch with lookups every 2 s runs past the long minute at its rate, with no 429 after the first answer (seed %i)',
  async (seed) => {
    const random = seededRandom(seed)
    const guard = await nestGuard('nest-named-short-medium-long')
    // Each run its own answer times: whether the long count touches nothing just after its reset depends on them.
    const latencyMs = 2 + Math.floor(random() * 60)
    const statuses: number[] = []
    const doFetch: typeof fetch = async (input) => {
      await sleep(1 + Math.floor(random() * 5))
      const answer = await guard(new URL(input instanceof Request ? input.url : input).pathname)
      statuses.push(answer.status)
      await sleep(answer.status === 200 ? latencyMs + Math.floor(random() * latencyMs) : 1)
      return new Response(answer.status === 200 ? '{"id":"pay_1"}' : '{"statusCode":429}', {
        status: answer.status,
        headers: answer.headers,
      })
    }
    const { client } = virtualClient(doFetch, createScheduler({ headroom: 0 }))
    const started = Date.now()
    const batch = Promise.allSettled(
      Array.from({ length: 260 }, (_, i) => client.send({ method: 'GET', path: `/api/payment/pay_b${i}`, priority: 'batch' })),
    )
    // Settled as they go: a lookup told to wait is a figure of the run, not an unhandled rejection.
    const lookups: Promise<PromiseSettledResult<unknown>>[] = []
    const batchState = { done: false }
    const finished = batch.then((results) => {
      batchState.done = true
      return results
    })
    const lookupsEvery2s = (async () => {
      for (let i = 0; !batchState.done; i++) {
        lookups.push(
          Promise.allSettled([client.send({ method: 'GET', path: `/api/payment/pay_i${i}`, priority: 'interactive' })]).then(
            ([result]) => result,
          ),
        )
        await sleep(2_000)
      }
    })()
    const results = await runVirtually(Promise.all([finished, lookupsEvery2s]).then(([batchResults]) => batchResults))
    const seconds = (Date.now() - started) / 1000
    const lookupResults = await Promise.all(lookups)
    const refused = statuses.slice(1).filter((status) => status === 429).length
    const figures = {
      seed,
      latencyMs,
      seconds,
      ratio: Math.round((statuses.filter((status) => status === 200).length / seconds / ceiling) * 1000) / 1000,
      refusedAfterFirst: refused,
      batchLost: results.filter((result) => result.status === 'rejected').length,
      lookupsFailed: lookupResults.filter((result) => result.status === 'rejected').length,
    }
    console.log(`nest named throttlers, virtual time: ${JSON.stringify(figures)}`)
    expect(seconds, JSON.stringify(figures)).toBeGreaterThan(120)
    expect(
      { refusedAfterFirst: refused, batchLost: figures.batchLost, lookupsFailed: figures.lookupsFailed },
      JSON.stringify(figures),
    ).toEqual({
      refusedAfterFirst: 0,
      batchLost: 0,
      lookupsFailed: 0,
    })
    expect(figures.ratio, JSON.stringify(figures)).toBeGreaterThanOrEqual(0.95)
  },
)
