import { announcedRate, learnQuota, type Quota } from './announced-quota'
import { keepAnswer, type FixedWindow, type SentAnswer } from './fixed-window'
import { window429, learnWindowAtBlockEnd, waitForGuessedWindowEnd } from './window-model'
import { limitAfter429 } from './limit-estimate'
import { heldRate, isArrivalJitter, keepRoundTrip, narrowAfterCleanRun, widenForJitter } from './arrival-jitter'
import type { AnnouncedLimit } from './rate-limit-headers'
import { defaultRateTuning, fruitlessSpacingMs, type RateTuning } from './rate-tuning'

export { defaultRateTuning, type RateTuning } from './rate-tuning'

/**
 * The scheduler's pure core: what it believes about the service's limit, as a function of what
 * it has observed. `observe` folds one observation into a new model; nothing here reads a clock
 * or keeps a timer, so every limiter shape can be replayed in virtual time.
 */

/** Where the limit estimate came from: nothing yet, 429s met while probing, or the service's own headers. */
export type LimitSource = 'none' | 'probing' | 'headers'

/** 'discover': no 429 yet, the rate doubles. 'hold': just under the limit. 'probe': above it, looking for a higher one. */
export type Phase = 'discover' | 'hold' | 'probe'

export interface RateModel {
  readonly ceiling: number
  /** Req/s sent at now, before any headroom. */
  readonly rate: number
  /** Sustained limit, req/s, or null before anything is known. */
  readonly limit: number | null
  readonly source: LimitSource
  /** The service's window, when announced or inferred from its resets. */
  readonly windowMs: number | null
  readonly phase: Phase
  readonly heldMs: number
  /** When the current probe began, or null. */
  readonly probeAt: number | null
  readonly probeOk: number
  readonly spacingMs: number
  /** Ms added between requests while holding, in place of the margin, for the network's jitter (arrival-jitter.ts). */
  readonly jitterMs: number
  /** Successes since the jitter allowance last changed. */
  readonly okSinceJitter: number
  /** The limit was met head-on (the first 429, or a probe's, within a few successes of going above it): no burst hides it. */
  readonly metHeadOn: boolean
  /** Bumped on every cut: 429s of requests sent before it count as one signal. */
  readonly generation: number
  readonly cutAt: number | null
  readonly okSinceCut: number
  /** Successes since the last 429 that cut the rate: none means a later 429 is part of the same episode. */
  readonly okSinceEpisode: number
  /** Start of the current stretch with work always waiting (null after the queue ran dry): over it, successes are what the service let through. */
  readonly since: number | null
  /** Round trips of the latest successes, ms, oldest first: their spread shows the network's jitter. */
  readonly roundTrips: readonly number[]
  /** Success times in the last second, oldest first. */
  readonly recentOk: readonly number[]
  readonly pausedUntil: number
  /** The last pause taken for want of a Retry-After; 0 once something got through. */
  readonly selfPauseMs: number
  readonly quota: Quota | null
  /** Longest reset seen: a window the service does not name is at least this long. */
  readonly longestResetMs: number
  /** Answers observed, 429s included. */
  readonly answers: number
  /** Recent answers by sending time, to learn a window from 429s that say nothing. */
  readonly sent: readonly SentAnswer[]
  /** A fixed window learnt from those answers, or null. */
  readonly fixedWindow: FixedWindow | null
  /**
   * The last answer was a 429 without rate-limit headers (and whether it had a Retry-After):
   * the next success ends its block, and a window may be learnt from the blocks.
   */
  readonly openBlock: 'blind' | 'retry-after' | null
}

export type Observation =
  | { kind: 'ok'; at: number; sentAt: number; generation: number; sentSeq: number; rateBound: boolean; announced?: AnnouncedLimit | null }
  | {
      kind: 'rate-limited'
      at: number
      sentAt: number
      generation: number
      sentSeq: number
      retryAfterMs?: number
      announced?: AnnouncedLimit | null
    }
  | { kind: 'idle'; at: number }

export function initialModel(rate: number, ceiling: number, tuning: RateTuning = defaultRateTuning): RateModel {
  const capped = Math.max(tuning.floor, ceiling)
  return {
    ceiling: capped,
    rate: clamp(rate, tuning.floor, capped),
    limit: null,
    source: 'none',
    windowMs: null,
    phase: 'discover',
    heldMs: 0,
    probeAt: null,
    probeOk: 0,
    spacingMs: tuning.minSpacingMs,
    jitterMs: 0,
    okSinceJitter: 0,
    metHeadOn: false,
    generation: 0,
    cutAt: null,
    okSinceCut: 0,
    okSinceEpisode: 0,
    since: null,
    recentOk: [],
    roundTrips: [],
    pausedUntil: Number.NEGATIVE_INFINITY,
    selfPauseMs: 0,
    quota: null,
    longestResetMs: 0,
    answers: 0,
    sent: [],
    fixedWindow: null,
    openBlock: null,
  }
}

export function withCeiling(model: RateModel, ceiling: number, tuning: RateTuning = defaultRateTuning): RateModel {
  const capped = Math.max(tuning.floor, ceiling)
  return { ...model, ceiling: capped, rate: clamp(model.rate, tuning.floor, capped) }
}

export function observe(model: RateModel, obs: Observation, tuning: RateTuning = defaultRateTuning): RateModel {
  if (obs.kind === 'idle') return model.since === null ? model : { ...model, since: null, recentOk: [] }
  const started = { ...model, answers: model.answers + 1, ...(model.since === null ? { since: obs.at } : {}) }
  const withHeaders = obs.announced ? learnQuota(started, obs.announced, obs, obs.sentSeq) : started
  // With headers the service says where it stands; without, its answers are all there is to learn a window from.
  const ok = obs.kind === 'ok'
  const kept =
    withHeaders.source === 'headers' ? withHeaders : { ...withHeaders, sent: keepAnswer(withHeaders.sent, { sentAt: obs.sentAt, ok }) }
  if (obs.kind === 'ok') return succeeded(learnWindowAtBlockEnd(kept, tuning), obs, tuning)
  const unannounced = kept.source !== 'headers'
  const blind = obs.retryAfterMs === undefined && unannounced
  const windowed = unannounced ? window429(kept, obs, tuning) : null
  const waited = blind ? waitForGuessedWindowEnd(kept, obs, tuning) : kept
  const openBlock = unannounced ? (blind ? 'blind' : 'retry-after') : null
  return windowed ?? rateLimited({ ...waited, openBlock, fixedWindow: null }, obs, tuning)
}

function succeeded(model: RateModel, obs: Extract<Observation, { kind: 'ok' }>, tuning: RateTuning): RateModel {
  const recentOk = [...model.recentOk.filter((t) => t > obs.at - 1_000), obs.at]
  const next = {
    ...model,
    recentOk,
    roundTrips: keepRoundTrip(model.roundTrips, obs.at - obs.sentAt),
    okSinceCut: model.okSinceCut + 1,
    okSinceEpisode: model.okSinceEpisode + 1,
    okSinceJitter: model.okSinceJitter + 1,
    probeOk: model.probeOk + 1,
    selfPauseMs: 0,
  }
  if (next.source === 'headers') return { ...next, rate: announcedRate(next, tuning) }
  // Only a success that waited for its turn tested the rate; and a request sent before the last cut tells nothing new.
  if (!obs.rateBound || obs.generation !== model.generation || model.rate >= model.ceiling) return next
  const seconds = 1 / model.rate
  if (next.phase === 'hold' && next.limit !== null) {
    const heldMs = next.heldMs + seconds * 1000
    if (heldMs < next.spacingMs) return narrowAfterCleanRun({ ...next, heldMs, limit: next.limit }, tuning)
    // Time to look above: start at the estimate itself and grow from there.
    return { ...next, heldMs: 0, phase: 'probe', probeAt: obs.at, probeOk: 0, rate: clamp(next.limit, tuning.floor, next.ceiling) }
  }
  // A probe that keeps succeeding compounds faster: the longer it has gone, the higher the limit is likely to be.
  const compounding = next.phase === 'probe' && next.probeAt !== null ? 1 + Math.max(0, obs.at - next.probeAt) / 1_000 : 1
  const growth = next.phase === 'probe' ? tuning.probeGrowth : tuning.discoverGrowth
  return { ...next, rate: clamp(model.rate * growth ** (seconds * compounding), tuning.floor, next.ceiling) }
}

function rateLimited(model: RateModel, obs: Extract<Observation, { kind: 'rate-limited' }>, tuning: RateTuning): RateModel {
  // A 429 of a request sent before the last cut, or with nothing let through since it, is part of the same episode.
  const sameEpisode = obs.generation !== model.generation || (model.cutAt !== null && model.okSinceEpisode === 0)
  // No pause: the request came a few ms early, and its retry waits its turn at the wider spacing.
  if (!sameEpisode && obs.retryAfterMs === undefined && model.limit !== null && isArrivalJitter(model, obs.at, tuning))
    return widenForJitter({ ...model, limit: model.limit }, tuning)
  // A probe that found the limit is answered by falling back to a rate the service has just
  // been taking for seconds; the refused request itself waits out its Retry-After in the
  // client. Any other 429 (before the limit is known, or under it) holds everything.
  const pause = sameEpisode || model.phase !== 'probe' ? pauseFor(model, obs, tuning) : { pausedUntil: model.pausedUntil, selfPauseMs: 0 }
  const next = { ...model, ...pause }
  if (sameEpisode) return next
  // Counted as things stood before this 429's pause.
  const limit = limitAfter429(model, obs.at, obs.retryAfterMs === undefined, tuning)
  const unchanged = next.phase === 'probe' && next.limit !== null && limit <= next.limit * 1.05
  // A probe refused before it went above the estimate met a limit that fell: its Retry-After holds everything.
  const fell = unchanged && obs.retryAfterMs !== undefined && model.limit !== null && model.rate <= model.limit * 1.02
  const paused = fell ? { ...next, ...pauseFor(model, obs, tuning) } : next
  // Refused within a few requests of going above (no burst let it run on): the limit is where it was met.
  const metHeadOn =
    next.phase === 'probe' ? unchanged && model.probeOk <= tuning.noBurst : next.phase === 'discover' && model.okSinceCut <= tuning.noBurst
  return {
    ...paused,
    limit,
    source: next.source === 'headers' ? 'headers' : 'probing',
    rate: clamp(heldRate(limit, next.jitterMs, tuning), tuning.floor, next.ceiling),
    phase: 'hold',
    heldMs: 0,
    probeAt: null,
    metHeadOn,
    // A probe that found more looks again soon; one that found nothing waits longer; a limit that fell under the hold needs no early look above.
    spacingMs: unchanged
      ? fruitlessSpacingMs(next.spacingMs, limit, tuning)
      : next.phase === 'probe'
        ? tuning.minSpacingMs
        : next.spacingMs,
    generation: next.generation + 1,
    okSinceEpisode: 0,
    // A second cut soon after the first measures from the first, over long enough to mean something.
    ...(next.cutAt !== null && obs.at - next.cutAt < tuning.minWindowMs ? {} : { cutAt: obs.at, okSinceCut: 0 }),
  }
}

function pauseFor(
  model: RateModel,
  obs: Extract<Observation, { kind: 'rate-limited' }>,
  tuning: RateTuning,
): Pick<RateModel, 'pausedUntil' | 'selfPauseMs'> {
  if (obs.retryAfterMs !== undefined && Number.isFinite(obs.retryAfterMs) && obs.retryAfterMs > 0) {
    return { pausedUntil: Math.max(model.pausedUntil, obs.at + Math.min(obs.retryAfterMs, tuning.maxPauseMs)), selfPauseMs: 0 }
  }
  // No Retry-After: a pause of our own, doubling while nothing gets through, so the
  // service's window or bucket can refill instead of answering 429 after 429.
  const selfPauseMs = model.selfPauseMs === 0 ? tuning.minSelfPauseMs : Math.min(tuning.maxSelfPauseMs, model.selfPauseMs * 2)
  return { pausedUntil: Math.max(model.pausedUntil, obs.at + selfPauseMs), selfPauseMs }
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value))
}

/** Epoch ms while a Retry-After pause runs, else null. */
export function pausedUntil(model: RateModel, now: number): number | null {
  return model.pausedUntil > now ? model.pausedUntil : null
}

/** Forget what was learnt and start again from `rate`, e.g. after switching environment. */
export function restart(model: RateModel, rate: number, tuning: RateTuning = defaultRateTuning): RateModel {
  return { ...initialModel(rate, model.ceiling, tuning), generation: model.generation + 1, pausedUntil: model.pausedUntil }
}
