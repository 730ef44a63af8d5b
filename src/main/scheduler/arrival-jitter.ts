import { lastSecondCount } from './limit-estimate'
import type { RateModel } from './rate-model'
import type { RateTuning } from './rate-tuning'

/**
 * A limiter with no burst (a bucket of one, a minimum gap) refuses a request that arrives even a
 * millisecond early, and two requests sent a steady gap apart arrive a few ms closer or further
 * on a real network. Such a 429 says nothing of the limit: held under it, the service took
 * everything for a while, then one request. The answer is more space between requests, in ms,
 * as the network's jitter is in ms whatever the rate; the limit stays where it was measured.
 */

/** A 429 without Retry-After that arrival jitter explains better than a fall of the limit. */
export function isArrivalJitter(model: RateModel, at: number, tuning: RateTuning): boolean {
  if (model.phase !== 'hold' || model.limit === null || model.source !== 'probing' || model.fixedWindow !== null) return false
  // Only under a limit a probe has just met head-on: a burst left over from an estimate too high
  // drains into 429s after a clean run too, but it lets a probe through for a while first.
  if (!model.metHeadOn || model.jitterMs >= tuning.maxJitterMs) return false
  // A fall of the limit refuses again within a few requests; jitter after a clean run.
  if (model.okSinceEpisode < tuning.jitterRun) return false
  // Over a whole second of sending, the service let through about the held rate (a short span
  // right after a 429 holds that request's empty slot, and reads low).
  const from = Math.max(model.since ?? at, model.pausedUntil)
  if (at - from < 1_000) return true
  return (lastSecondCount(model, at, tuning) ?? 0) >= model.rate * 0.8
}

/** Req/s held under `limit`: its margin, or once jitter has refused, that much between requests instead. */
export function heldRate(limit: number, jitterMs: number, tuning: RateTuning): number {
  return jitterMs > 0 ? 1000 / (1000 / limit + jitterMs) : limit * (1 - tuning.margin)
}

const roundTripsKept = 40

export function keepRoundTrip(roundTrips: readonly number[], ms: number): readonly number[] {
  return [...roundTrips.slice(1 - roundTripsKept), ms]
}

/**
 * How much closer together than they were sent two requests may arrive: the spread of recent
 * round trips (5th to 95th percentile, so one stall does not count), or null with too few to tell.
 */
export function roundTripSpreadMs(roundTrips: readonly number[]): number | null {
  if (roundTrips.length < roundTripsKept / 4) return null
  const sorted = [...roundTrips].sort((a, b) => a - b)
  const at = (q: number): number => sorted[Math.round(q * (sorted.length - 1))] ?? 0
  return at(0.95) - at(0.05)
}

/** The model at `jitterMs` between requests: the held rate follows, and clean successes are counted from now. */
function withJitterMs(model: RateModel & { limit: number }, jitterMs: number, tuning: RateTuning): RateModel {
  const rate = Math.min(model.ceiling, Math.max(tuning.floor, heldRate(model.limit, jitterMs, tuning)))
  return { ...model, jitterMs, okSinceJitter: 0, rate }
}

/** The model after such a 429: the limit kept, the space between requests widened by the jitter seen, at least a step. */
export function widenForJitter(model: RateModel & { limit: number }, tuning: RateTuning): RateModel {
  const step = Math.max(tuning.jitterStepMs, roundTripSpreadMs(model.roundTrips) ?? 0)
  return {
    ...withJitterMs(model, Math.min(tuning.maxJitterMs, model.jitterMs + step), tuning),
    // Requests already on their way at the old spacing are part of this 429's episode.
    generation: model.generation + 1,
    okSinceEpisode: 0,
  }
}

/**
 * After as many clean successes as a probe waits for, the allowance comes down a step: a stall
 * of the network an hour ago should not slow every request since. If the jitter is still there,
 * one 429 puts it back.
 */
export function narrowAfterCleanRun(model: RateModel & { limit: number }, tuning: RateTuning): RateModel {
  if (model.jitterMs === 0 || model.okSinceJitter < tuning.successesPerProbe) return model
  return withJitterMs(model, Math.max(0, model.jitterMs - tuning.jitterStepMs), tuning)
}
