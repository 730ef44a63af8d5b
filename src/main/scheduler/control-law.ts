import type { Observation, RateModel, SentFacts } from './rate-model'
import type { RateTuning } from './rate-tuning'

// The control law's arithmetic (docs/architecture.md, "The control law"); rate-model.ts applies it
// to each answer.

/**
 * The rate `okSinceCut` successes after a cut at `limit`: a concave climb from (1 − cut) of it
 * back up to it over `climb` successes, then, having found no 429 there, a climb above it that
 * doubles every `climb` more, slowly at first (CUBIC's shape, counted in successes).
 */
export function lawRate(limit: number, okSinceCut: number, climb: number, cut: number): number {
  const x = okSinceCut / climb - 1
  return x < 0 ? limit * (1 - cut * (-x) ** 3) : limit * (1 + x ** 3)
}

/** The climb back to a limit just placed: `firstClimbMs` of successes at it, at least `minClimb`. */
export function climbFor(limit: number, tuning: RateTuning): number {
  return Math.max(tuning.minClimb, (limit * tuning.firstClimbMs) / 1000)
}

/**
 * Probe credit after an answer: each success that waited for its token earns `probeShare` of a
 * probe, each 429 costs one, and the credit stays between −1 and 1. The climb goes above the limit
 * only with a whole credit, so probes that find nothing cost about one 429 per 1 / `probeShare`
 * successes at any limit (as gRPC's retry throttling bounds retries by successes).
 */
export function creditAfter(credit: number, obs: Observation, tuning: RateTuning): number {
  if (obs.kind === 'rate-limited') return Math.max(-1, credit - 1)
  if (obs.kind === 'ok' && obs.rateBound) return Math.min(1, credit + tuning.probeShare)
  return credit
}

/**
 * Where a 429 places the limit, from the rate it came at: the request's `share` of the rate it was
 * sent at (batch work goes at the rate less the headroom, and that is what the service saw; while
 * the rate doubles, the rate at the answer is already higher). The first ends the doubling: the
 * last rate known to pass is half of it (or the rate the doubling began at, if it began less than
 * one doubling back). A probe refused above the last 429's rate found a
 * limit between the two (the climb passed the one, the probe was refused at the other): halfway,
 * to no more than what was sent over the last second or two, since a window counts what was sent
 * and the climb can outrun the sending. Refused below it, the limit fell or another sender shares
 * it: a little under (CUBIC's fast convergence).
 */
export function limitAt429(model: RateModel, obs: SentFacts, tuning: RateTuning): number {
  const share = obs.share ?? 1
  const seen = (obs.rateAtSend ?? model.rate) * share
  if (model.limit === null) return Math.min(seen, Math.max(model.discoverFrom * share, seen / 2))
  if (seen > model.limit) return (Math.max(model.limit, Math.min(seen, sentRate(model, obs))) + model.limit) / 2
  return seen * (1 - tuning.cut / 2)
}

/**
 * The cap on requests in flight after a 429 of a request sent with `inFlight` in flight (itself
 * included): with two or more others, it may be their number the service refused, so the cap is
 * one fewer. Refused with two or fewer, it was not their number (a limiter with no burst refuses
 * two requests too close together): no cap. Refused with fewer than the cap, it was not the cap's
 * either, unless no success has gone with that many since the cap was last set (`mostOk`): a cap
 * grown past what any success showed is a guess the 429 answers, and lowers.
 */
export function capAfter429(cap: number | null, inFlight: number, mostOk: number): number | null {
  if (inFlight < 3 || (cap !== null && inFlight < cap && inFlight <= mostOk)) return null
  return inFlight - 1
}

/**
 * Successes at the cap on requests in flight before it grows by one, `steps` steps since the last
 * 429: `capGrowth` for the first, then one for each next (rate-model.ts counts only requests sent
 * since the cap last moved, so each next step waits for a round of answers, TCP's additive increase
 * per round trip). The step that fills the service's cap is where a colleague's lookup is refused,
 * so it is brief; a probe past the service's cap costs a 429, which starts the count again, so at
 * the cap such probes cost about one per `capGrowth`.
 */
export function capGrowthAfter(steps: number, tuning: RateTuning): number {
  return steps === 0 ? tuning.capGrowth : 1
}

/** Retry-After counts whole seconds, rounded up. */
export const retryAfterStepMs = 1000

/**
 * A limiter short of one token asks for one step of Retry-After. Asked for more, the service is
 * shut for longer than a token takes (a window spent): nothing sent before then would pass.
 */
export function shutFor(obs: Extract<Observation, { kind: 'rate-limited' }>): boolean {
  return obs.retryAfterMs !== undefined && obs.retryAfterMs > retryAfterStepMs
}

/**
 * Shut until `opensAt` (the end of the pause a shutFor refusal set), the service let through no
 * more than what passed since it last opened (the end of the pause before), over the time from
 * then until it opens again, less half a step of Retry-After's rounding: a window's quota over the
 * window. Before any pause, after the queue emptied since, or with nothing through since, nothing
 * is known: no bound (rateSinceOpened).
 */
export function openRate(model: RateModel, obs: SentFacts, opensAt: number): number {
  return rateSinceOpened({ openedAt: model.openedAt, ok: model.okSinceOpened }, obs, opensAt - retryAfterStepMs / 2)
}

/**
 * `opened.ok` let through from `opened.openedAt` on, over the time until `until`: where the
 * service opened a window there, the desk kept sending (the model forgets the opening when the
 * queue empties) and the service has shut since, the window's quota over no more than the window.
 * Infinite (no bound) where nothing is known: no opening, nothing let through (a sliding log that
 * freed no place), or `obs` sent before it (a clock stepped back).
 */
export function rateSinceOpened(opened: { openedAt: number; ok: number }, obs: SentFacts, until: number): number {
  const { openedAt, ok } = opened
  if (!Number.isFinite(openedAt) || obs.sentAt < openedAt || ok === 0 || until <= openedAt) return Number.POSITIVE_INFINITY
  return (ok * 1000) / (until - openedAt)
}

/** What was sent is read over a span of at least this long (a window of a second counts that much). */
export const sentSpanMs = 1000

/** Requests a second sent from the older of the marks (one to two spans back) up to `obs`, or infinity without one. */
function sentRate(model: RateModel, obs: SentFacts): number {
  const mark = model.sentMarks[0]
  if (mark === undefined || obs.sentAt - mark.at < sentSpanMs) return Number.POSITIVE_INFINITY
  return ((obs.sentSeq - mark.seq) * 1000) / (obs.sentAt - mark.at)
}
