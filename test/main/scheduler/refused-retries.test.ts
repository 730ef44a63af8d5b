import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { createScheduler } from '../../../src/main/scheduler/scheduler'
import { oneDesk } from '../../helpers/desk-runs'
import { drawHeadroom, drawLimits, holdsInteractive, type RandomLimiter } from '../../helpers/limiters/random-limiter'
import { countingFetch, drawsWhere } from './random-run'
import { runVirtually, urlOf, virtualClient } from './virtual-run'

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 })
})
afterEach(() => {
  vi.useRealTimers()
})

interface Refusal {
  at: number
  retryAfterMs: number
  /** Successes answered before the refusal, and before its lookup went again. */
  okBefore: number
  okBeforeAgain: number | null
  /** When the same lookup was sent again. */
  againAt: number | null
}

/** One desk's batch on `draw`, noting for each 429 with a Retry-After when its lookup went again. */
async function refusalsOf(draw: RandomLimiter): Promise<{ refusals: Refusal[]; lost: number }> {
  const { fetch: counted, env } = countingFetch(draw)
  const open = new Map<string, Refusal>()
  const refusals: Refusal[] = []
  let ok = 0
  const noted: typeof fetch = async (input, init) => {
    const url = urlOf(input)
    const earlier = open.get(url)
    if (earlier) {
      earlier.againAt = Date.now()
      earlier.okBeforeAgain = ok
      open.delete(url)
    }
    const response = await counted(input, init)
    if (response.ok) ok += 1
    const retryAfter = response.headers.get('retry-after')
    if (response.status === 429 && retryAfter !== null) {
      const refusal = { at: Date.now(), retryAfterMs: Number(retryAfter) * 1000, okBefore: ok, okBeforeAgain: null, againAt: null }
      refusals.push(refusal)
      open.set(url, refusal)
    }
    return response
  }
  const { client } = virtualClient(noted, createScheduler({ ...drawLimits, headroom: drawHeadroom }))
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
    const retried = refusals.filter((r) => r.againAt !== null && (r.okBeforeAgain ?? 0) > r.okBefore)
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
