import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { createScheduler } from '../../../src/main/scheduler/scheduler'
import { oneDesk } from '../../helpers/desk-runs'
import { drawHeadroom, drawLimits, holdsInteractive, type RandomLimiter } from '../../helpers/limiters/random-limiter'
import { drawsWhere } from './random-run'
import { latencyJitterOf, limiterFetch, runVirtually, urlOf, virtualClient } from './virtual-run'

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 })
})
afterEach(() => {
  vi.useRealTimers()
})

interface Refusal {
  at: number
  retryAfterMs: number
  /** When the same lookup was sent again. */
  againAt: number | null
  /** Successes answered between the refusal and that retry. */
  passedBetween: number
}

/** One desk's batch on `draw`, noting for each 429 when its lookup went again and what passed meanwhile. */
async function refusalsOf(draw: RandomLimiter): Promise<{ refusals: Refusal[]; lost: number }> {
  const inner = limiterFetch(draw.make(), draw.latencyMs, undefined, latencyJitterOf(draw, draw.seed))
  const open = new Map<string, Refusal>()
  const refusals: Refusal[] = []
  let ok = 0
  const counts = { requests: 0, rateLimited: 0, refusedAfterFirstAnswer: 0 }
  const noted: typeof fetch = async (input, init) => {
    const url = urlOf(input)
    const sentAt = Date.now()
    const earlier = open.get(url)
    if (earlier) {
      earlier.againAt = sentAt
      earlier.passedBetween = ok - earlier.passedBetween
      open.delete(url)
    }
    counts.requests += 1
    const response = await inner(input, init)
    if (response.ok) ok += 1
    const retryAfter = response.headers.get('retry-after')
    if (response.status === 429 && retryAfter !== null) {
      counts.rateLimited += 1
      const refusal = { at: Date.now(), retryAfterMs: Number(retryAfter) * 1000, againAt: null, passedBetween: ok }
      refusals.push(refusal)
      open.set(url, refusal)
    }
    return response
  }
  const { client } = virtualClient(noted, createScheduler({ ...drawLimits, headroom: drawHeadroom }))
  const env = { now: () => Date.now(), counts: () => ({ ...counts }) }
  const figures = await runVirtually(oneDesk(client, draw, drawHeadroom, holdsInteractive(draw), env))
  return { refusals, lost: figures.lost }
}

// A cap on requests in flight refuses the one over it with `Retry-After: 1` while the rest pass.
// The refused lookup used to sit out that second in the API client, then join the queue: near the
// end of a batch, the batch waited a second for it with nothing else to send (draw 166, 18 in
// flight at 22 ± 7 ms: 0.55 of the allowed rate, 0.64 since).
it('a batch lookup a cap refused goes again as the throttle paces it, not a second later, while others pass', async () => {
  const draws = drawsWhere(1, 6, (d) => d.algorithm === 'concurrency-cap' && d.retryAfter)
  for (const draw of draws) {
    const { refusals, lost } = await refusalsOf(draw)
    const retried = refusals.filter((r) => r.againAt !== null && r.passedBetween > 0)
    expect(lost, draw.name).toBe(0)
    expect(retried.length, draw.name).toBeGreaterThan(0)
    for (const r of retried) expect((r.againAt ?? 0) - r.at, `${draw.name}: a retry ${JSON.stringify(r)}`).toBeLessThan(r.retryAfterMs)
  }
}, 300_000)

// A window spent says how long it stays shut: the throttle holds everyone for that long, the
// refused lookup included, whether or not the API client waits too.
it('a lookup refused with a Retry-After of more than a second is not sent again before it is up', async () => {
  const shut = (d: RandomLimiter) => d.retryAfter && d.announced === null && ['fixed-window', 'sliding-log'].includes(d.algorithm)
  const draws = drawsWhere(1, 6, shut)
  let long = 0
  for (const draw of draws) {
    const { refusals, lost } = await refusalsOf(draw)
    expect(lost, draw.name).toBe(0)
    for (const r of refusals.filter((x) => x.retryAfterMs > 1_000 && x.againAt !== null)) {
      long += 1
      expect((r.againAt ?? 0) - r.at, `${draw.name}: a retry ${JSON.stringify(r)}`).toBeGreaterThanOrEqual(r.retryAfterMs - 1)
    }
  }
  expect(long).toBeGreaterThan(0)
}, 300_000)
