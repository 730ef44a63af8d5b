import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { seededRandom } from '../../../src/sandbox/faults'
import { announceStyles } from '../../helpers/limiter-shapes'
import { announce, fixedWindow, gcra, tokenBucket, withoutRetryAfter, type QuotaLimiter } from '../../helpers/limiters'
import { announcedTargets, drawTargets, type RandomLimiter } from '../../helpers/limiters/random-limiter'
import { runDraw } from './random-run'

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 })
})
afterEach(() => {
  vi.useRealTimers()
})

// Where the service announces its limit, the batch goes at it less the headroom, and a desk's own
// lookups come out of that headroom, not out of the batch. Where it fell short, on the code before
// these tests (same seed):
// - With no burst, every request must keep the limit's interval. A lookup that went ahead took the
//   batch's next place, and the batch lost that turn for good: 0.92–0.94 of the allowed rate at
//   23–31/s with a lookup every 500 ms, where the target is 0.95. And after an idle moment the
//   whole rate's bucket (a little over a token, against timers that fire late) let a lookup go
//   sooner than the interval after a batch request: the 42/s bucket refused it, and five such
//   429s, each with a second's Retry-After, held the batch to 0.50. Keeping the interval
//   where the count has ever said there was room (a burst of two or more) costs what timers that
//   fire on whole milliseconds lose: 0.947 of a 232/s GCRA with a burst of two (and 0.93 of the
//   196/s bucket of random draw 39).
// - A fixed window kept the headroom's share of its quota for colleagues beside this desk's own
//   lookups, which had taken it already: 0.89–0.91 of the allowed rate against windows of 20 a
//   second (as express-rate-limit's) with a lookup every 500 ms.
// - A small fixed window (3 per 4 s, its reset an epoch second): once its count had gone back up, the
//   quota was taken to refill as it went, as a bucket's does, and the batch sent into the window
//   the service had just shut: 16 429s after the answers had said where the key stood.

const seed = Number(process.env.ANNOUNCED_PACE_SEED ?? 20261128)

function limiter(
  i: number,
  kind: RandomLimiter['algorithm'],
  make: RandomLimiter['make'],
  sustained: number,
  params: Record<string, number>,
  style: RandomLimiter['announced'],
  lookups: number,
  latencyMs: number,
): RandomLimiter {
  return {
    name: `${kind} announced=${style} ${Object.entries(params)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')} latency=${latencyMs}ms (seed ${seed}, draw ${i})`,
    seed: seed + i,
    algorithm: kind,
    retryAfter: true,
    announced: style,
    params,
    longestWindowMs: params.windowMs ?? 0,
    make,
    latencyMs,
    latencyJitterMs: Math.floor(latencyMs / 2),
    lookups,
    limitAt: () => sustained,
  }
}

/**
 * Buckets and GCRAs of `low`–`high` per second with a burst of `burst`, drawn from the stream
 * `seed + stream`, each announcing in a header family drawn with it.
 */
function buckets(count: number, stream: number, { low, high, burst }: { low: number; high: number; burst: number }): RandomLimiter[] {
  const random = seededRandom(seed + stream)
  return Array.from({ length: count }, (_, i) => {
    const rate = Math.round(low + random() * (high - low))
    const kind = random() < 0.5 ? 'gcra' : 'token-bucket'
    const style = announceStyles[Math.floor(random() * announceStyles.length)] ?? 'ratelimit'
    const made = () => (kind === 'gcra' ? gcra({ rate, burst }) : tokenBucket({ rate, burst }))
    return limiter(i, kind, () => announce(made(), style), rate, { rate, burst }, style, rate * 12, 2 + Math.floor(random() * 30))
  })
}

const noBurst = (count: number) => buckets(count, 0, { low: 20, high: 45, burst: 1 })
const burstOfTwo = (count: number) => buckets(count, 2, { low: 150, high: 250, burst: 2 })

/** Its windows begin `offsetMs` into each whole one (as express-rate-limit's begin at a client's first request). */
function shifted(inner: QuotaLimiter, offsetMs: number): QuotaLimiter {
  return { decide: (nowMs) => inner.decide(nowMs - offsetMs), quota: (nowMs) => inner.quota(nowMs - offsetMs) }
}

/**
 * Fixed windows of 2–40 requests per 1–4 s, beginning anywhere in a second (so a reset given as
 * an epoch second, rounded up, reads up to a second late), each announcing in a header family
 * drawn with it, half of them without Retry-After.
 */
function smallWindows(count: number): RandomLimiter[] {
  const random = seededRandom(seed + 1)
  return Array.from({ length: count }, (_, i) => {
    const windowMs = (1 + Math.floor(random() * 4)) * 1000
    const limit = 2 + Math.floor(random() * 39)
    const style = announceStyles[Math.floor(random() * announceStyles.length)] ?? 'ratelimit'
    const sustained = (limit * 1000) / windowMs
    const lookups = Math.max(60, Math.round(sustained * 60))
    const retryAfter = random() < 0.5
    const offsetMs = Math.floor(random() * 1000)
    const make = () => announce(shifted(fixedWindow({ limit, windowMs }), offsetMs), style)
    const params = { limit, windowMs, offsetMs }
    const run = limiter(i, 'fixed-window', make, sustained, params, style, lookups, 2 + Math.floor(random() * 30))
    return retryAfter ? run : { ...run, name: `${run.name} no-retry-after`, retryAfter, make: () => withoutRetryAfter(make()) }
  })
}

/**
 * Fixed windows of 20–60 per second, as express-rate-limit's (a window of 20 per second in its
 * tests), beginning anywhere in a second, each announcing in a header family drawn with it: their
 * headroom holds a lookup every 500 ms.
 */
function secondWindows(count: number): RandomLimiter[] {
  const random = seededRandom(seed + 3)
  return Array.from({ length: count }, (_, i) => {
    const limit = 20 + Math.floor(random() * 41)
    const style = announceStyles[Math.floor(random() * announceStyles.length)] ?? 'ratelimit'
    const offsetMs = Math.floor(random() * 1000)
    const make = () => announce(shifted(fixedWindow({ limit, windowMs: 1000 }), offsetMs), style)
    const params = { limit, windowMs: 1000, offsetMs }
    return limiter(i, 'fixed-window', make, limit, params, style, limit * 15, 1 + Math.floor(random() * 10))
  })
}

const figuresOf = (draw: RandomLimiter, figures: object) => `${draw.name}: ${JSON.stringify(figures)}`

/** The announced targets: 0.95 of the allowed rate, no 429 after the first answer, nothing lost; with lookups, their p95 too. */
async function meetsAnnouncedTargets(draw: RandomLimiter, { lookups }: { lookups: boolean }): Promise<void> {
  const figures = await runDraw(draw)
  const said = figuresOf(draw, figures)
  expect(figures.ratio, said).toBeGreaterThanOrEqual(announcedTargets.ratio)
  expect(figures.refusedAfterFirstAnswer, said).toBe(0)
  expect(figures.lost, said).toBe(0)
  if (!lookups) return
  expect(figures.interactiveLookups, said).toBeGreaterThan(10)
  expect(figures.interactiveP95Ms ?? 0, said).toBeLessThanOrEqual(drawTargets.interactiveP95Ms)
}

const named = (draws: RandomLimiter[]) => draws.map((draw) => [draw.name, draw] as const)

it.each(named(noBurst(6)))('the batch against %s keeps its pace beside a lookup every 500 ms', async (_name, draw) => {
  await meetsAnnouncedTargets(draw, { lookups: true })
})

it.each(named(burstOfTwo(4)))(
  'the batch against %s keeps its pace: a burst of two lets two requests closer than the interval pass',
  async (_name, draw) => {
    await meetsAnnouncedTargets(draw, { lookups: true })
  },
)

it.each(named(secondWindows(6)))(
  'the batch against %s leaves colleagues the headroom less its own lookups, not the headroom beside them',
  async (_name, draw) => {
    await meetsAnnouncedTargets(draw, { lookups: true })
  },
)

it.each(named(smallWindows(12)))(
  'the batch against %s takes what the headroom leaves of each window, and never sends into a shut one',
  async (_name, draw) => {
    await meetsAnnouncedTargets(draw, { lookups: false })
  },
)
