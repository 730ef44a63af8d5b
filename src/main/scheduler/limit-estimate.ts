import type { RateModel } from './rate-model'
import type { RateTuning } from './rate-tuning'

/**
 * The rate model's estimates from what got through: the limit a 429 implies, and how many
 * successes the service allowed in the last second.
 */

/**
 * The estimate at a 429. Between two 429s with the queue backed up the whole time, the service
 * let through what it refilled: successes over that time is its sustained limit (a lower bound,
 * as refill it could not store is not counted). In the last second before a 429, a windowed
 * limiter let through at most its quota for that second.
 */
export function limitAfter429(model: RateModel, at: number, blind: boolean, tuning: RateTuning): number {
  const { cutAt, since, rate } = model
  const elapsed = cutAt === null ? 0 : at - cutAt
  // Without Retry-After the pause after a cut is short, so what got through since is the
  // service's refill from the start: half the usual span measures it.
  const minMs = blind ? tuning.minWindowMs / 2 : tuning.minWindowMs
  const measured = cutAt !== null && since !== null && since <= cutAt && elapsed >= minMs ? (model.okSinceCut * 1000) / elapsed : null
  const lastSecond = lastSecondCount(model, at, tuning)
  if (model.phase === 'discover' || model.limit === null)
    return lastSecond === null ? rate * tuning.discoverCut : Math.min(rate, lastSecond)
  if (model.phase === 'probe') {
    // A probe that failed at once found the old limit still there. One that ran for a while
    // found a higher limit: what it got through is the new estimate (a burst allowance may
    // inflate it; the next 429 while holding measures it again).
    const probeMs = model.probeAt === null ? 0 : at - model.probeAt
    const probed = probeMs >= tuning.minWindowMs ? (model.probeOk * 1000) / probeMs : 0
    // Without Retry-After (nothing else to go by), one that failed at once still bounds the
    // limit: it lies between the estimate and the rate refused. A quarter of the way, as a late
    // timer over real HTTP turns a step closer into 429s. (A sliding log's refusal may come from
    // a burst long before, so with Retry-After the bound is not trusted.)
    // Near a limit where arrival jitter has been refusing (arrival-jitter.ts), a refusal a few
    // per cent above it may be jitter again, and places nothing.
    const between =
      blind && model.jitterMs === 0 && probeMs < tuning.minWindowMs && rate > model.limit && rate < model.limit * 1.2
        ? model.limit + (rate - model.limit) / 4
        : model.limit
    return Math.max(between, Math.min(rate, probed), Math.min(rate * tuning.probeCut, lastSecond ?? 0))
  }
  // Holding under the estimate still met a 429: the limit fell (or a colleague took a share).
  const seen = measured ?? lastSecond
  return seen === null ? rate * tuning.holdCut : Math.max(rate * 0.3, Math.min(rate * 0.95, seen))
}

/**
 * Successes in the last second, once work has been waiting long enough for the count to mean
 * something. Since the start of a stretch, the count is what a windowed limiter allowed in its
 * window; since a pause shorter than a second ago, it is scaled to a second.
 */
export function lastSecondCount(model: RateModel, at: number, tuning: RateTuning): number | null {
  if (model.since === null) return null
  const afterPause = model.pausedUntil > model.since
  const from = Math.max(model.since, model.pausedUntil)
  const span = at - from
  if (span < tuning.minWindowMs / 4) return null
  const times = model.recentOk.filter((t) => t > at - 1_000 && t >= from)
  if (!afterPause || span >= 1_000) return times.length
  // The pace between the first and last success, not over the empty start of the span.
  const first = times[0]
  const last = times.at(-1)
  return first === undefined || last === undefined || times.length < 3 || last === first
    ? null
    : ((times.length - 1) * 1_000) / (last - first)
}
