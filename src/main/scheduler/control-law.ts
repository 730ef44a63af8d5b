import type { RateModel } from './rate-model'
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

/**
 * The climb after a cut that places the limit at `limit`: `firstClimbMs` of successes at that
 * limit (at least `minClimb`), four times as many for each probe since one last found more, up to
 * `maxClimb`, where one 429 per climb keeps 429s well under 1 % at any limit.
 */
export function climbFor(limit: number, fruitless: number, tuning: RateTuning): number {
  return Math.min(tuning.maxClimb, Math.max(tuning.minClimb, (limit * tuning.firstClimbMs) / 1000) * 4 ** fruitless)
}

/**
 * Probes since one last found more, after a 429 at the current rate. A probe refused above the
 * last 429's rate by more than the cut may have found more, or ridden a burst: it found more only
 * once the climb to the limit it placed passes without a 429 (`succeeded`). Refused below that
 * limit first, it had not; refused below the limit otherwise, the limit fell: no reason to look
 * above sooner, nor later.
 */
export function fruitlessAfter(model: RateModel, tuning: RateTuning): Pick<RateModel, 'fruitless' | 'foundMore'> {
  if (model.limit === null) return { fruitless: 0, foundMore: false }
  if (model.phase === 'probe')
    return model.rate > model.limit * (1 + tuning.cut)
      ? { fruitless: model.fruitless, foundMore: true }
      : { fruitless: model.fruitless + 1, foundMore: false }
  return { fruitless: model.foundMore ? model.fruitless + 1 : model.fruitless, foundMore: false }
}

/**
 * Where a 429 at the current rate places the limit. The first ends the doubling: the last rate
 * known to pass is half of it (or the rate the doubling began at, if it began less than one
 * doubling back). A probe refused above the last 429's rate found a limit between
 * the two (the climb passed the one, the probe was refused at the other): halfway. Refused below
 * it, the limit fell or another sender shares it: a little under (CUBIC's fast convergence, which
 * brings two desks on one key to an even split sooner).
 */
export function limitAt429(model: RateModel, tuning: RateTuning): number {
  if (model.limit === null) return Math.min(model.rate, Math.max(model.discoverFrom, model.rate / 2))
  if (model.rate > model.limit) return (model.rate + model.limit) / 2
  return model.rate * (1 - tuning.cut / 2)
}

/**
 * The cap on requests in flight after a 429 of a request sent with `inFlight` in flight (itself
 * included): with two or more others, it may be their number the service refused, so the cap is
 * one fewer. Refused with fewer in flight than the cap, or with two or fewer, it was not their
 * number (a limiter with no burst refuses two requests too close together): no cap.
 */
export function capAfter429(cap: number | null, inFlight: number): number | null {
  if (inFlight < 3 || (cap !== null && inFlight < cap)) return null
  return inFlight - 1
}
