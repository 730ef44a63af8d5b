import { announcedRate, learnQuota, type Quota } from './announced-quota'
import type { AnnouncedLimit } from './rate-limit-headers'
import {
  capAfter429,
  capGrowthAfter,
  climbFor,
  creditAfter,
  lawRate,
  limitAt429,
  openRate,
  sentSpanMs,
  shutFor,
  rateSinceOpened,
  retryAfterStepMs,
} from './control-law'
import { defaultRateTuning, type RateTuning } from './rate-tuning'

export { defaultRateTuning, type RateTuning } from './rate-tuning'

/**
 * The scheduler's pure core: one control law (docs/architecture.md, "The control law") that
 * folds each answer into the rate and the cap on requests in flight. `observe` returns a new
 * model; nothing here reads a clock or keeps a timer, so any limiter replays in virtual time.
 */

/** Where the limit came from: nothing yet, 429s, or the service's own headers. */
export type LimitSource = 'none' | 'probing' | 'headers'

/** 'discover': no 429 yet. 'hold': climbing back to the rate of the last 429. 'probe': above it, looking for more. */
export type Phase = 'discover' | 'hold' | 'probe'

export interface RateModel {
  readonly ceiling: number
  /** Req/s sent at now, before any headroom. */
  readonly rate: number
  /** The rate the doubling began at (or held at the ceiling): at the first 429, the rate one doubling back is no lower. */
  readonly discoverFrom: number
  /** The rate the last 429 came at, or the announced limit (req/s); null before either. */
  readonly limit: number | null
  readonly source: LimitSource
  /** The service's window, when announced. */
  readonly windowMs: number | null
  readonly phase: Phase
  /** Successes that waited for their token since the last cut: the law's clock. */
  readonly okSinceCut: number
  /** Successes the climb back to `limit` takes (climbFor). */
  readonly climb: number
  /** Probes above the limit the answers so far pay for (creditAfter): the climb waits at the limit below one. */
  readonly probeCredit: number
  /** Successes of any kind since the last cut: none means a 429 now finds the service shut. */
  readonly anyOkSinceCut: number
  /** Successes of requests sent since the last cut: none, and a 429 now finds the service refusing all it was sent since. */
  readonly sentOkSinceCut: number
  /** Bumped at each cut: a 429 of a request sent before it belongs to that cut. */
  readonly generation: number
  /** Most requests in flight, learnt from 429s; null while none has shown a cap. */
  readonly inFlightCap: number | null
  /**
   * Most requests in flight (itself included) when a request that succeeded was sent, counted from
   * the cap's last being set or lowered: what the service has shown it allows. Answers to requests
   * sent before that count too, and that is what drops a cap a window's refusal set (counting only
   * those sent since held such caps: 9 layered windows lost their targets, stop 39).
   */
  readonly mostOkInFlight: number
  /** Successes that waited for a place in flight, sent since the cap last moved. */
  readonly okAtCap: number
  /** Requests this desk had sent when the cap last moved: an answer to one of them did not test it. */
  readonly capMovedSeq: number
  /** Steps the cap has grown since the last 429: each after the first comes with a round of answers (capGrowthAfter). */
  readonly capSteps: number
  readonly pausedUntil: number
  /** The last pause taken for want of a Retry-After; 0 once something got through. */
  readonly selfPauseMs: number
  readonly quota: Quota | null
  /** Longest reset seen: a window the service does not name is at least this long. */
  readonly longestResetMs: number
  /** Answers observed, 429s included. */
  readonly answers: number
  /** Successes of requests sent since the last pause of everything ended: what the service let through since it opened. */
  readonly okSinceOpened: number
  /**
   * When that pause ended, while the desk has kept sending since: an empty queue forgets it (time
   * nothing was sent would count as time the service let nothing through). −∞ before any pause.
   */
  readonly openedAt: number
  /**
   * Where the service last opened and what it let through before it shut, kept while pauses of our
   * own double and nothing gets through (boundedByShut); null unless that opening ended a long shut.
   */
  readonly shutSpell: { readonly openedAt: number; readonly ok: number } | null
  /** The service stayed shut past a whole step of our own pause since the first pause of this shut (or the last). */
  readonly shutLong: boolean
  /** The longest pause of our own a request sent after it was still refused, in this shut or the last. */
  readonly lastShutPauseMs: number
  /** Two (sentSeq, sentAt) marks a second or more apart: what was sent over the last one to two seconds. */
  readonly sentMarks: readonly { seq: number; at: number }[]
  /** When the limit this desk started from was learnt, in an earlier run (resumeFrom); null once an answer has moved it. */
  readonly resumedFrom: number | null
}

/** What a desk learnt of an account's limit, kept for its next start (learnt-limits.ts). */
export interface LearntLimit {
  /** The law's limit (req/s), or null if only a cap on requests in flight was learnt. */
  limit: number | null
  inFlightCap: number | null
  /** With no limit learnt: the rate the doubling reached, every step of it passed; else null. */
  reached: number | null
  /** Epoch ms. */
  learntAt: number
}

/** What the driver knew of a request when it was sent. */
export interface SentFacts {
  at: number
  sentAt: number
  generation: number
  sentSeq: number
  /** Requests this desk had sent when the answer came (the newest one's `sentSeq`); if not said, this one's. */
  sentSoFar?: number
  /** It waited for a token: its answer tests the rate. */
  rateBound: boolean
  /** It waited for a place in flight: its answer tests the cap on requests in flight. */
  slotBound?: boolean
  /** Requests in flight when it was sent, itself included. */
  inFlight?: number
  /** The share of the rate it went at (batch work: the rate less the headroom); 1 if not said. */
  share?: number
  /** The rate (req/s) when it was sent; if not said, the rate at its answer. */
  rateAtSend?: number
  /** The places in flight of the learnt cap it was held to (the cap less colleagues' share); if not said, the cap. */
  capHeld?: number | null
  announced?: AnnouncedLimit | null
  /** A lookup that went ahead of its token, where two close requests had passed (pacing.ts). */
  early?: boolean
}

export type Observation =
  ({ kind: 'ok' } & SentFacts) | ({ kind: 'rate-limited'; retryAfterMs?: number } & SentFacts) | { kind: 'idle'; at: number }

export function initialModel(rate: number, ceiling: number, tuning: RateTuning = defaultRateTuning): RateModel {
  const capped = Math.max(tuning.floor, ceiling)
  return {
    ceiling: capped,
    rate: clamp(rate, tuning.floor, capped),
    discoverFrom: clamp(rate, tuning.floor, capped),
    limit: null,
    source: 'none',
    windowMs: null,
    phase: 'discover',
    okSinceCut: 0,
    climb: 0,
    probeCredit: 1,
    anyOkSinceCut: 0,
    sentOkSinceCut: 0,
    generation: 0,
    inFlightCap: null,
    mostOkInFlight: 0,
    okAtCap: 0,
    capMovedSeq: 0,
    capSteps: 0,
    pausedUntil: Number.NEGATIVE_INFINITY,
    selfPauseMs: 0,
    quota: null,
    longestResetMs: 0,
    answers: 0,
    okSinceOpened: 0,
    openedAt: Number.NEGATIVE_INFINITY,
    shutSpell: null,
    shutLong: false,
    lastShutPauseMs: 0,
    sentMarks: [],
    resumedFrom: null,
  }
}

/**
 * Starts from a limit learnt in an earlier run, as the law stands after a cut there: climbing back
 * to it over the climb, then probing above with the credit a fresh start has. A limit that has
 * fallen since is found by the first 429, as a limit that falls is; one that has risen, by the probe.
 * With no limit learnt, the doubling starts from the rate it reached.
 */
export function resumeFrom(model: RateModel, learnt: LearntLimit, tuning: RateTuning = defaultRateTuning): RateModel {
  const capped = learnt.inFlightCap === null ? model : { ...model, inFlightCap: Math.max(1, Math.round(learnt.inFlightCap)) }
  const resumed = { ...capped, resumedFrom: learnt.learntAt }
  if (learnt.limit === null) {
    // No 429 has placed a limit (a cap on requests in flight alone, or none met): the doubling
    // goes on from where it reached, not again from the start.
    if (learnt.reached === null) return resumed
    const rate = clamp(Math.max(model.rate, learnt.reached), tuning.floor, model.ceiling)
    return { ...resumed, rate, discoverFrom: rate }
  }
  const limit = clamp(learnt.limit, tuning.floor, model.ceiling)
  return {
    ...resumed,
    limit,
    rate: clamp(limit * (1 - tuning.cut), tuning.floor, model.ceiling),
    source: 'probing',
    phase: 'hold',
    okSinceCut: 0,
    climb: climbFor(limit, tuning),
  }
}

export function withCeiling(model: RateModel, ceiling: number, tuning: RateTuning = defaultRateTuning): RateModel {
  const capped = Math.max(tuning.floor, ceiling)
  return { ...model, ceiling: capped, rate: clamp(model.rate, tuning.floor, capped) }
}

export function observe(model: RateModel, obs: Observation, tuning: RateTuning = defaultRateTuning): RateModel {
  // The law moves only on answers. An empty queue forgets only what measured a window by the time
  // since it opened: that time now includes time nothing was sent.
  if (obs.kind === 'idle') return forgetOpening(model)
  // A lookup sent ahead of its token and refused found the limiter's burst spent: the pacing hears
  // of it, and only the lookup waits; unless the service shut for longer than a token takes (a
  // window spent), as for any request.
  if (obs.kind === 'rate-limited' && obs.early === true && !shutFor(obs)) return { ...model, answers: model.answers + 1 }
  const started = {
    ...model,
    answers: model.answers + 1,
    probeCredit: creditAfter(model.probeCredit, obs, tuning),
    sentMarks: markSent(model.sentMarks, obs),
  }
  const next = obs.announced ? learnQuota(started, obs.announced, obs, obs.sentSeq) : started
  return obs.kind === 'ok' ? succeeded(next, obs, tuning) : rateLimited(next, obs, tuning)
}

function forgetOpening(model: RateModel): RateModel {
  if (!Number.isFinite(model.openedAt) && model.shutSpell === null && !model.shutLong) return model
  return { ...model, openedAt: Number.NEGATIVE_INFINITY, shutSpell: null, shutLong: false }
}

function succeeded(model: RateModel, obs: Extract<Observation, { kind: 'ok' }>, tuning: RateTuning): RateModel {
  const opened = obs.sentAt >= model.pausedUntil
  const base = {
    ...model,
    mostOkInFlight: Math.max(model.mostOkInFlight, obs.inFlight ?? 0),
    anyOkSinceCut: model.anyOkSinceCut + 1,
    sentOkSinceCut: model.sentOkSinceCut + (obs.generation === model.generation ? 1 : 0),
    selfPauseMs: 0,
    okSinceOpened: model.okSinceOpened + (opened ? 1 : 0),
  }
  if (base.source === 'headers') return climbToAnnounced(base, obs, tuning)
  // A request sent before the last cut tells nothing about the rate since.
  if (obs.generation !== model.generation) return base
  const cap = model.inFlightCap
  const testedCap = obs.slotBound === true && cap !== null && obs.sentSeq > model.capMovedSeq
  const okAtCap = testedCap ? model.okAtCap + 1 : model.okAtCap
  const capGrows = cap !== null && okAtCap >= capGrowthAfter(model.capSteps, tuning)
  const next = {
    ...base,
    okAtCap: capGrows ? 0 : okAtCap,
    capMovedSeq: capGrows ? sentSoFar(obs) : model.capMovedSeq,
    inFlightCap: capGrows ? cap + 1 : cap,
    capSteps: capGrows ? model.capSteps + 1 : model.capSteps,
  }
  // Only a success that waited for its token tested the rate.
  if (!obs.rateBound) return next
  // At the ceiling nothing climbs; before any 429, the ceiling itself is now a rate that passed.
  if (model.rate >= model.ceiling) return model.limit === null ? { ...next, discoverFrom: model.rate } : next
  if (model.limit === null) {
    // Before any 429 the rate doubles every `discoverMs` of work that waited for its turn.
    const rate = model.rate * 2 ** (1000 / tuning.discoverMs / model.rate)
    return { ...next, rate: clamp(rate, tuning.floor, model.ceiling) }
  }
  // Past the climb the rate looks above the limit only with a whole probe in credit; else it holds there.
  // Past twice the limit a success counts for the time it took at twice the limit: from there the
  // probe grows with time, as CUBIC's does, not with the successes a window's unused room lets
  // through faster the higher it goes.
  const step = Math.min(1, (2 * model.limit) / model.rate)
  const okSinceCut = model.okSinceCut >= model.climb && model.probeCredit < 1 ? model.climb : model.okSinceCut + step
  const rate = clamp(lawRate(model.limit, okSinceCut, model.climb, tuning.cut), tuning.floor, model.ceiling)
  return { ...next, okSinceCut, rate, phase: okSinceCut > model.climb ? 'probe' : 'hold' }
}

function rateLimited(model: RateModel, obs: Extract<Observation, { kind: 'rate-limited' }>, tuning: RateTuning): RateModel {
  // Sent before the last cut: already answered by it. Its Retry-After is the refused request's own.
  if (obs.generation !== model.generation) return model
  // Sent after the cut and nothing got through since: the service is shut, everything waits.
  if (model.generation > 0 && model.anyOkSinceCut === 0)
    return boundedByShut({ ...model, ...pauseFor(model, obs, tuning) }, model, obs, tuning)
  // Sent at once, ahead of any wait (the first of a batch, a lone lookup), it found no room for a
  // burst: that says nothing of the rate. Its Retry-After is still the service's word.
  if (!obs.rateBound && obs.slotBound !== true)
    return usableRetryAfter(obs) === null ? model : { ...model, ...pauseFor(model, obs, tuning) }
  const event = {
    ...model,
    generation: model.generation + 1,
    anyOkSinceCut: 0,
    sentOkSinceCut: 0,
    okAtCap: 0,
    capSteps: 0,
    resumedFrom: null,
  }
  if (model.source === 'headers') return cutUnderAnnounced(event, obs, tuning)
  // A cap on requests in flight frees as soon as an answer comes back: a 429 that asks to wait
  // longer than a token takes (shutFor) is a window's, whatever was in flight, and moves no cap.
  const windowShut = shutFor(obs)
  const inFlightCap = windowShut
    ? model.inFlightCap
    : capAfter429(obs.capHeld ?? model.inFlightCap, obs.inFlight ?? 0, model.mostOkInFlight)
  // A cap just learnt or lowered explains the refusal (a later 429 under it shows it did not, and
  // clears it); so does one met by a request that waited for a place under it and not for a token.
  const capMoved = inFlightCap !== null && inFlightCap < (model.inFlightCap ?? Number.POSITIVE_INFINITY)
  if (capMoved) return { ...event, inFlightCap, mostOkInFlight: 0, capMovedSeq: sentSoFar(obs) }
  if (!windowShut && obs.slotBound === true && !obs.rateBound && inFlightCap !== null) return { ...event, inFlightCap }
  // Multiplicative decrease from the limit the 429 places; the refused request waits out its own
  // Retry-After, and everything else goes on at the lower rate, unless the service is refusing
  // everything: shut for longer than a token takes (a window spent), or, with nothing sent since the
  // last cut let through (only late answers to what went before it), refusing all it was sent since.
  const long = windowShut ? pauseFor(model, obs, tuning) : null
  const refusing = long === null && model.generation > 0 && model.sentOkSinceCut === 0 ? pauseOfOurOwn(model, obs, tuning) : null
  const limit = Math.max(
    tuning.floor,
    Math.min(limitAt429(model, obs, tuning), long === null ? Number.POSITIVE_INFINITY : openRate(model, obs, long.pausedUntil)),
  )
  const pause = long ?? refusing
  return {
    ...event,
    ...pause,
    rate: clamp(limit * (1 - tuning.cut), tuning.floor, model.ceiling),
    limit,
    source: 'probing',
    phase: 'hold',
    okSinceCut: 0,
    climb: climbFor(limit, tuning),
    inFlightCap,
  }
}

/**
 * Refused under an announced limit the answers agree with (header-trust.ts): another sender on
 * the key spends part of it. The rate is cut as a 429 cuts a learnt limit, to climb back to the
 * announced one: two desks on one key find their shares under it as they would under a limit they
 * learn. A refusal that counts what is left holds the rest by that count (the quota gate), and
 * only itself by its Retry-After (a whole second, where a bucket with no burst refused a request
 * a network's jitter sent a few ms early); one that counts nothing holds everything by it.
 */
function cutUnderAnnounced(model: RateModel, obs: Extract<Observation, { kind: 'rate-limited' }>, tuning: RateTuning): RateModel {
  const rate = clamp(model.rate * (1 - tuning.cut), tuning.floor, model.ceiling)
  const cut = { ...model, rate, okSinceCut: 0, climb: climbFor(announcedRate(model, tuning), tuning) }
  return obs.announced?.remaining != null ? cut : { ...cut, ...pauseFor(model, obs, tuning) }
}

/** Back up to the announced rate over the climb after a cut (cutUnderAnnounced), never above it. */
function climbToAnnounced(model: RateModel, obs: Extract<Observation, { kind: 'ok' }>, tuning: RateTuning): RateModel {
  const announced = announcedRate(model, tuning)
  if (model.okSinceCut >= model.climb) return { ...model, rate: announced }
  // As under a learnt limit, only a success sent since the cut, that waited for its token, tested the rate.
  if (obs.generation !== model.generation || !obs.rateBound) return { ...model, rate: Math.min(model.rate, announced) }
  const okSinceCut = model.okSinceCut + 1
  return { ...model, okSinceCut, rate: Math.min(announced, lawRate(announced, okSinceCut, model.climb, tuning.cut)) }
}

/**
 * Refused a request sent after a pause of our own of a whole step or more (no Retry-After says how
 * long), the service is shut for longer than a token takes, a window spent, as a Retry-After over
 * a step says. The first such refusal of a shut bounds the limit as a long refusal does, where the
 * service last opened at the end of such a shut (rateSinceOpened), once: the bound only falls as
 * the shut goes on, and a shut that outlasts any window (an outage, a laptop asleep) would take it
 * to the floor.
 */
function boundedByShut(
  paused: RateModel,
  model: RateModel,
  obs: Extract<Observation, { kind: 'rate-limited' }>,
  tuning: RateTuning,
): RateModel {
  // An announced limit the answers agree with is the service's word on the rate (rule 8).
  if (model.source === 'headers' || usableRetryAfter(obs) !== null || model.shutLong) return paused
  if (model.selfPauseMs < retryAfterStepMs || obs.sentAt < model.pausedUntil) return paused
  const long = { ...paused, shutLong: true }
  if (model.limit === null || model.shutSpell === null) return long
  const limit = Math.max(tuning.floor, rateSinceOpened(model.shutSpell, obs, obs.sentAt))
  if (limit >= model.limit) return long
  return {
    ...long,
    limit,
    rate: clamp(Math.min(paused.rate, limit), tuning.floor, model.ceiling),
    phase: 'hold',
    okSinceCut: climbFor(limit, tuning),
    climb: climbFor(limit, tuning),
  }
}

function pauseFor(
  model: RateModel,
  obs: Extract<Observation, { kind: 'rate-limited' }>,
  tuning: RateTuning,
): Pick<RateModel, 'pausedUntil' | 'openedAt' | 'selfPauseMs' | 'okSinceOpened' | 'shutSpell' | 'shutLong'> {
  const retryAfterMs = usableRetryAfter(obs)
  if (retryAfterMs !== null) {
    const until = Math.max(model.pausedUntil, obs.at + Math.min(retryAfterMs, tuning.maxPauseMs))
    // The service says how long: what our own pauses found of the last shut no longer holds.
    return { pausedUntil: until, openedAt: until, selfPauseMs: 0, okSinceOpened: 0, shutSpell: null, shutLong: false }
  }
  return pauseOfOurOwn(model, obs, tuning)
}

/**
 * A pause of our own, doubling while nothing gets through, and never past the refusal's
 * Retry-After: one second, as a bucket short of one token says it, would hold every lookup a
 * whole second where a quarter was enough.
 */
function pauseOfOurOwn(
  model: RateModel,
  obs: Extract<Observation, { kind: 'rate-limited' }>,
  tuning: RateTuning,
): Pick<RateModel, 'pausedUntil' | 'openedAt' | 'selfPauseMs' | 'okSinceOpened' | 'shutSpell' | 'shutLong' | 'lastShutPauseMs'> {
  // A refusal of a request sent before the pause that runs (or last ran) ended was in flight when
  // it began. While the pause is short, several at once say the service shut hard, and double it;
  // past a second, only a request sent after the pause shows how long it stays shut.
  if (model.selfPauseMs >= retryAfterStepMs && obs.sentAt < model.pausedUntil) {
    const { pausedUntil, openedAt, selfPauseMs, okSinceOpened, shutSpell, shutLong, lastShutPauseMs } = model
    return { pausedUntil, openedAt, selfPauseMs, okSinceOpened, shutSpell, shutLong, lastShutPauseMs }
  }
  // A shut that lasted past a step of our own pause (a window) is likely to last as long again: the
  // next one starts at the longest pause a request sent after it still found the last one shut, not
  // at the shortest.
  const first =
    model.shutLong && model.source !== 'headers' ? Math.max(tuning.minSelfPauseMs, model.lastShutPauseMs) : tuning.minSelfPauseMs
  const selfPauseMs = model.selfPauseMs === 0 ? first : Math.min(tuning.maxSelfPauseMs, model.selfPauseMs * 2)
  const until = Math.max(model.pausedUntil, obs.at + Math.min(selfPauseMs, usableRetryAfter(obs) ?? Number.POSITIVE_INFINITY))
  // The first pause of a shut keeps what the service let through since it last opened, where that
  // opening ended a long shut (a window's start, not a gap a shorter window or a token left).
  const shut =
    model.selfPauseMs !== 0
      ? { shutSpell: model.shutSpell, shutLong: model.shutLong }
      : { shutSpell: model.shutLong ? { openedAt: model.openedAt, ok: model.okSinceOpened } : null, shutLong: false }
  const polled = model.selfPauseMs !== 0 && obs.sentAt >= model.pausedUntil
  return {
    pausedUntil: until,
    openedAt: until,
    selfPauseMs,
    okSinceOpened: 0,
    lastShutPauseMs: polled ? model.selfPauseMs : model.lastShutPauseMs,
    ...shut,
  }
}

function usableRetryAfter(obs: Extract<Observation, { kind: 'rate-limited' }>): number | null {
  return obs.retryAfterMs !== undefined && Number.isFinite(obs.retryAfterMs) && obs.retryAfterMs > 0 ? obs.retryAfterMs : null
}

function markSent(marks: RateModel['sentMarks'], obs: Exclude<Observation, { kind: 'idle' }>): RateModel['sentMarks'] {
  const last = marks[marks.length - 1]
  if (last !== undefined && obs.sentAt - last.at < sentSpanMs) return marks
  return [...marks.slice(-1), { seq: obs.sentSeq, at: obs.sentAt }]
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value))
}

/** Epoch ms while a pause runs, else null. */
export function pausedUntil(model: RateModel, now: number): number | null {
  return model.pausedUntil > now ? model.pausedUntil : null
}

/** Forget what was learnt and start again from `rate`, e.g. after switching environment. */
export function restart(model: RateModel, rate: number, tuning: RateTuning = defaultRateTuning): RateModel {
  return { ...initialModel(rate, model.ceiling, tuning), generation: model.generation + 1, pausedUntil: model.pausedUntil }
}

function sentSoFar(obs: SentFacts): number {
  return obs.sentSoFar ?? obs.sentSeq
}
