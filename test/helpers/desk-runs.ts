import { isAppError } from '../../src/shared/app-error'
import type { ApiClient } from '../../src/main/api/api-client'
import { idealCount, idealMs, type LimiterRun } from './limiter-shapes'
import { percentile } from './two-desks'

/**
 * What a desk's work measures against a limiter, in virtual time or over HTTP alike: ratios are
 * of the rate the user allows (the limiter's sustained rate less the headroom batch work leaves).
 */
export interface OneDeskFigures {
  /** Ideal time for the batch at the allowed rate over the time it took. */
  ratio: number
  rate429: number
  /** 429s of requests sent once an answer had come back (and, where the limit is announced, said where the key stands). */
  refusedAfterFirstAnswer: number
  /** Lookups that ended in an error, other than the answer "the service asked to wait" (toldToWait). */
  lost: number
  /** Interactive lookups answered at once with the wait the service asked for, to send anyway or cancel: kept, not lost, but not served either (their time counts as infinite in the p95). */
  toldToWait: number
  requests: number
  seconds: number
  /** Interactive lookups made during the batch (one every 500 ms where the headroom holds them), and their p95. */
  interactiveLookups: number
  interactiveP95Ms: number | null
}

export interface TwoDeskFigures {
  /** Desk A's share of what both desks got through while both ran its batch. */
  shareA: number
  /** Both desks together over the allowed rate, while both ran. */
  together: number
  /** From the moment desk A finished, until desk B alone went at 0.9 of the allowed rate over a trailing second (null: never). */
  climbSeconds: number | null
  lost: number
  rate429: number
}

export interface DeskEnv {
  now: () => number
  /** Requests sent and 429s met so far, across the desks; of the 429s, those of requests sent after the first answer came back. */
  counts: () => { requests: number; rateLimited: number; refusedAfterFirstAnswer: number }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits
const lookup = (client: ApiClient, id: string, priority: 'batch' | 'interactive') =>
  client.send({ method: 'GET', path: `/api/payment/${id}`, priority })

/** Starts a batch; the times its lookups succeeded fill in as they do. */
export function batch(client: ApiClient, lookups: number, prefix: string, now: () => number) {
  const okTimes: number[] = []
  const done = Promise.allSettled(
    Array.from({ length: lookups }, (_, i) =>
      lookup(client, `${prefix}_${i}`, 'batch').then(() => {
        okTimes.push(now())
      }),
    ),
  ).then((results) => ({ lost: results.filter((r) => r.status === 'rejected').length, at: now() }))
  return { okTimes, done }
}

/** The rate the user allows against `run`: its sustained rate less `headroom`. */
export function allowed(run: LimiterRun, headroom: number): LimiterRun {
  return { ...run, limitAt: (ms) => run.limitAt(ms) * (1 - headroom) }
}

/** `ok` lookups over what the allowed rate gets through from `fromMs` to `ms` (ms from the first request). */
export function overAllowed(run: LimiterRun, headroom: number, ok: number, ms: number, fromMs = 0): number {
  const rate = allowed(run, headroom)
  return ok / Math.max(1, idealCount(rate, ms) - (fromMs > 0 ? idealCount(rate, fromMs) : 0))
}

/** One desk's batch of `run.lookups`, with an interactive lookup every 500 ms while it runs when `interactive`. */
export function oneDesk(client: ApiClient, run: LimiterRun, headroom: number, interactive: boolean, env: DeskEnv): Promise<OneDeskFigures> {
  return batchBeside(client, interactive ? client : null, run, headroom, env)
}

/**
 * Two desks on one key: desk A's batch, and desk B looking a payment up every 500 ms while it runs.
 * The figures are desk A's batch and desk B's lookups.
 */
export function lookupsBesideBatch(
  deskA: ApiClient,
  deskB: ApiClient,
  run: LimiterRun,
  headroom: number,
  env: DeskEnv,
): Promise<OneDeskFigures> {
  return batchBeside(deskA, deskB, run, headroom, env)
}

async function batchBeside(
  batchDesk: ApiClient,
  lookupDesk: ApiClient | null,
  run: LimiterRun,
  headroom: number,
  env: DeskEnv,
): Promise<OneDeskFigures> {
  const started = env.now()
  const work = batch(batchDesk, run.lookups, 'b', env.now)
  const lookups = lookupDesk === null ? noLookups : await lookupsUntil(lookupDesk, work.done, env.now)
  const { lost, at } = await work.done
  const seconds = (at - started) / 1000
  const { requests, rateLimited, refusedAfterFirstAnswer } = env.counts()
  return {
    ratio: round(idealMs(allowed(run, headroom)) / 1000 / seconds),
    rate429: round(rateLimited / Math.max(1, requests), 4),
    refusedAfterFirstAnswer,
    lost: lost + lookups.lost,
    toldToWait: lookups.toldToWait,
    requests,
    seconds: round(seconds, 2),
    interactiveLookups: lookups.count,
    interactiveP95Ms: lookups.p95Ms,
  }
}

export interface LookupFigures {
  count: number
  /** Each lookup's time, from asking to its answer, in order; infinite for one that failed. */
  timesMs: number[]
  /** A lookup answered "the service asked to wait" counts as infinite here, as one that failed does. */
  p95Ms: number | null
  toldToWait: number
  /** Lookups that failed, other than those told to wait. */
  lost: number
}

const noLookups: LookupFigures = { count: 0, timesMs: [], p95Ms: null, toldToWait: 0, lost: 0 }

/** A desk's interactive lookups, one every 500 ms, until `until` settles. */
export async function lookupsUntil(client: ApiClient, until: Promise<unknown>, now: () => number): Promise<LookupFigures> {
  const progress = { done: false }
  const finished = until.then(() => {
    progress.done = true
  })
  const times: number[] = []
  let toldToWait = 0
  for (let i = 0; !progress.done; i++) {
    const at = now()
    await lookup(client, `i_${i}`, 'interactive').then(
      () => times.push(now() - at),
      (error: unknown) => {
        if (isAppError(error) && error.code === 'service-asked-to-wait') toldToWait += 1
        times.push(Number.POSITIVE_INFINITY)
      },
    )
    const wait = 500 - (now() - at)
    if (wait > 0) await Promise.race([sleep(wait), finished])
  }
  const sorted = times.sort((a, b) => a - b)
  return {
    count: times.length,
    timesMs: sorted,
    p95Ms: times.length === 0 ? null : round(percentile(sorted, 95), 0),
    toldToWait,
    lost: times.filter((t) => t === Number.POSITIVE_INFINITY).length - toldToWait,
  }
}

/**
 * Desk B alone from `endAMs` (ms from the start at `started`): the seconds until the first moment
 * its trailing second (or ten requests' worth, if longer) held 0.9 of the allowed rate, less that
 * span; null if it never did. `okTimes` are desk B's successes, on the clock `started` is read on.
 */
export function climbBack(okTimes: readonly number[], endAMs: number, run: LimiterRun, headroom: number, started = 0): number | null {
  const allowedRate = (ms: number) => run.limitAt(ms) * (1 - headroom)
  const endA = started + endAMs
  const spanMs = Math.max(1_000, (10 * 1000) / allowedRate(endAMs))
  const alone = okTimes.filter((t) => t > endA)
  for (let i = 0, j = 0; i < alone.length; i++) {
    const t = alone[i] ?? 0
    while ((alone[j] ?? t) <= t - spanMs) j++
    if (t - endA >= spanMs && i - j + 1 >= (0.9 * allowedRate(t - started) * spanMs) / 1000)
      return round((t - endA) / 1000 - spanMs / 1000, 2)
  }
  return null
}

/**
 * Two desks on one key, each a batch (desk B's twice desk A's, so B is left alone after A ends).
 * `apart`: desk B starts once desk A has run alone for a quarter of the ideal time of
 * `run.lookups`, as a colleague who starts later does, and desk A's batch is a quarter longer, so
 * that they overlap about as long as when they start together; the split and the total are of the
 * time both ran.
 */
export async function twoDesks(
  deskA: ApiClient,
  deskB: ApiClient,
  run: LimiterRun,
  headroom: number,
  env: DeskEnv,
  apart = false,
): Promise<TwoDeskFigures> {
  const started = env.now()
  const a = batch(deskA, apart ? Math.round(run.lookups * 1.25) : run.lookups, 'a', env.now)
  if (apart) await sleep(idealMs(allowed(run, headroom)) / 4)
  const bFrom = env.now()
  const b = batch(deskB, run.lookups * 2, 'b', env.now)
  const endA = await a.done
  const endB = await b.done
  const bothA = a.okTimes.filter((t) => t >= bFrom).length
  const bothB = b.okTimes.filter((t) => t <= endA.at).length
  // Over what the limit allowed while both ran: a limit that falls or rises mid-run is held to its own rate at each moment.
  const together = overAllowed(run, headroom, bothA + bothB, endA.at - started, bFrom - started)
  const { requests, rateLimited } = env.counts()
  return {
    shareA: round(bothA / Math.max(1, bothA + bothB)),
    together: round(together),
    climbSeconds: climbBack(b.okTimes, endA.at - started, run, headroom, started),
    lost: endA.lost + endB.lost,
    rate429: round(rateLimited / Math.max(1, requests), 4),
  }
}
