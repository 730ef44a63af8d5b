import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { sleep } from '../../../src/main/api/backoff'
import { createScheduler } from '../../../src/main/scheduler/scheduler'
import { seededRandom } from '../../../src/sandbox/faults'
import { drawHeadroom, drawLimits } from '../../helpers/limiters/random-limiter'
import { fixedWindow } from '../../helpers/limiters/shapes'
import { limiterFetch, runVirtually, virtualClient } from './virtual-run'

// The service saw a refused request at the rate it went at. While the rate doubles, an answer
// that crosses a slow network (a 429 included) comes back when the rate is already higher: a
// limit placed from that rate would be above anything the service was sent when it refused.

const startedAt = 1_700_000_000_000

beforeEach(() => {
  vi.useFakeTimers({ now: startedAt })
})
afterEach(() => {
  vi.useRealTimers()
})

const draws = 12
const seed = Number(process.env.RATE_AT_SEND_SEED ?? 5_150)

it(`places the first limit from the rate the refused request was sent at, however slow its answer (seed ${seed})`, async () => {
  const random = seededRandom(seed)
  for (let draw = 0; draw < draws; draw++) {
    const limit = Math.round(60 + random() * 90)
    const roundTripMs = Math.round(300 + random() * 500)
    const label = `seed ${seed}, draw ${draw}: a window of ${limit} per 8 s, ${roundTripMs} ms there and back`
    vi.setSystemTime(startedAt)

    const scheduler = createScheduler({ ...drawLimits, headroom: drawHeadroom })
    // The window's refusal asks to wait seconds (a window spent, not a cap on requests in flight).
    const service = limiterFetch(fixedWindow({ limit, windowMs: 8_000 }), 0)
    // The rate the first refused request went at, and the first limit the scheduler placed.
    const first: { refusedAtRate: number | null; limit: number | null } = { refusedAtRate: null, limit: null }
    const fetch: typeof globalThis.fetch = async (...args) => {
      const sentAtRate = scheduler.state().rate
      await sleep(roundTripMs / 2)
      const response = await service(...args)
      await sleep(roundTripMs / 2)
      if (response.status === 429 && first.refusedAtRate === null) first.refusedAtRate = sentAtRate
      return response
    }
    scheduler.onState((state) => {
      first.limit ??= state.learnedLimit
    })
    const { client } = virtualClient(fetch, scheduler)
    await runVirtually(
      Promise.allSettled(
        Array.from({ length: 300 }, (_, i) => client.send({ method: 'GET', path: `/api/payment/pay_${i}`, priority: 'batch' })),
      ),
    )

    expect(first.refusedAtRate, label).not.toBeNull()
    expect(first.limit, label).not.toBeNull()
    // Batch work went at the rate less the headroom, and the first 429 places the limit one doubling
    // back from that (the drawn windows are all well above the 20/s start). Requests sent a
    // millisecond apart went at rates a success apart: 2 % either way.
    const oneDoublingBack = ((first.refusedAtRate ?? 0) * (1 - drawHeadroom)) / 2
    expect(first.limit, label).toBeLessThanOrEqual(oneDoublingBack * 1.02)
    expect(first.limit, label).toBeGreaterThanOrEqual(oneDoublingBack * 0.98)
  }
}, 60_000)
