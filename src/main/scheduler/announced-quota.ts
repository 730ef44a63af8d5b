import type { AnnouncedLimit } from './rate-limit-headers'
import type { RateModel } from './rate-model'
import type { RateTuning } from './rate-tuning'
import { cappedWait } from './pauses'

/**
 * The header-driven part of the rate model: what the service announced (RateLimit-*,
 * X-RateLimit-*), the limit it implies, and how many requests it would still take now.
 */

/** The last announced quota, kept with the send number of the request it answered. */
export interface Quota {
  limit: number | null
  windowMs: number | null
  remaining: number | null
  /** Epoch ms when the announced quota is whole again, or null. */
  resetAt: number | null
  answeredAt: number
  sentSeq: number
  /** The service's count has been seen to go back up (a window began, or it refills as it goes). */
  refillSeen: boolean
  /** It went back up before the announced reset: a rolling limit (sliding log, bucket), not a fixed window. */
  rolling: boolean
  /** The reset read when the count jumped back up (a window began), rounded to whole seconds. */
  freshResetMs: number
  /**
   * How far the reset moved when a window began, in whole seconds, the least seen (0: none yet):
   * a window's length, where a reset read as a window began may be off by up to a second (an epoch
   * second rounded up, or a window already under way).
   */
  freshStepMs: number
  /** When the answer that showed a window begin came back (the window began before it); null while none has. */
  windowBeganAt: number | null
  /** The most the count has said was left after a request: 0 for a limiter with no burst. */
  mostLeft: number
  /** The headers the count and the reset were read from, to say what caused a wait. */
  said: AnnouncedLimit['said']
}

/**
 * Req/s the remaining quota is assumed to refill at before the announced reset: none until the
 * service's own count has shown it (a fixed window refills only at its reset, which an epoch
 * reset in whole seconds cannot place within a second in the first window; a sliding log or
 * a bucket shows its refill within a window).
 */
export function refillRate(model: RateModel): number {
  const quota = model.quota
  if (model.source !== 'headers' || model.limit === null) return 0
  if (quota === null || quota.resetAt === null || quota.rolling) return model.limit
  // A count seen to jump back up as a window began, and never before a reset, is a fixed window:
  // nothing of it comes back before the reset (wholeAgainAt).
  if (quota.windowBeganAt !== null) return 0
  return quota.refillSeen ? model.limit : 0
}

/**
 * When the quota is whole again: the announced reset; for a fixed window, no later than its
 * length after the answer that showed it begin. A reset in whole seconds, or an epoch second
 * rounded up, reads up to a second late; the window began before that answer came back.
 */
export function wholeAgainAt(model: RateModel): number | null {
  const quota = model.quota
  if (quota === null || quota.resetAt === null) return null
  if (quota.rolling || quota.windowBeganAt === null || model.windowMs === null) return quota.resetAt
  const ends = quota.windowBeganAt + model.windowMs
  return ends > quota.answeredAt ? Math.min(quota.resetAt, ends) : quota.resetAt
}

/** Requests the service would still take now, by its last announcement, refilled at the sustained rate; null when nothing was announced. */
export function announcedAllowance(model: RateModel, now: number, sentSeq: number): number | null {
  const quota = model.quota
  if (quota === null || quota.remaining === null) return null
  const sustained = refillRate(model)
  let allowance = quota.remaining - (sentSeq - quota.sentSeq) + (sustained * Math.max(0, now - quota.answeredAt)) / 1000
  const whole = wholeAgainAt(model)
  if (whole !== null && now >= whole && quota.limit !== null) allowance = Math.max(allowance, quota.limit - (sentSeq - quota.sentSeq))
  return quota.limit === null ? allowance : Math.min(allowance, quota.limit)
}

/**
 * The first count read could be a fixed window's first, all of it ours; if the service had
 * counted more than we sent (a bucket smaller than its quota, a colleague), it is not
 * waiting for a reset to refill, or no better known than before.
 */
function wholeWindowLeft(announced: AnnouncedLimit, sentSeq: number): boolean {
  return announced.remaining !== null && announced.limit !== null && announced.remaining + sentSeq >= announced.limit
}

/** More left than the last count less what was sent since: the service refilled (or a window began). */
export function countWentUp(before: number, beforeSeq: number, now: number | null, sentSeq: number): boolean {
  return now !== null && now > before - (sentSeq - beforeSeq)
}

/**
 * A reset counted in whole seconds from each answer moves later by up to a second while the
 * window stays put: until the count goes back up (`counted`), the earliest reading is the closest
 * (each is a bound the true reset comes before), and no refill.
 */
export function keptReset(previous: number | null | undefined, read: number | null, counted: boolean): number | null {
  const drifted = !counted && previous != null && read !== null && read > previous && read - previous < 1_000
  return drifted ? previous : read
}

function leastStep(least: number, before: number | null, after: number | null): number {
  if (before === null || after === null || after - before < 1_000) return least
  const step = Math.round((after - before) / 1_000) * 1_000
  return least === 0 ? step : Math.min(least, step)
}

export function learnQuota(
  model: RateModel,
  announced: AnnouncedLimit,
  { at, sentAt }: { at: number; sentAt: number },
  sentSeq: number,
): RateModel {
  // An answer to an older request says less than the one already read.
  if (model.quota !== null && sentSeq < model.quota.sentSeq) return model
  // The remaining quota jumping back up by half or more is a window that just began: its reset
  // is then the whole window (rounded, as a reset given as an epoch second reads up to 1 s long).
  const before = model.quota?.remaining ?? null
  const previous = model.quota
  // More left than the last count less what was sent since, or a reset that moved later by more
  // than whole seconds' rounding explains: the service is taken to refill as it goes.
  // No announced reset holds the app longer than a Retry-After may: past the cap the quota is taken as whole again.
  const read = announced.resetMs === null ? null : at + cappedWait(announced.resetMs)
  const counted = previous?.remaining != null && countWentUp(previous.remaining, previous.sentSeq, announced.remaining, sentSeq)
  const resetAt = keptReset(previous?.resetAt, read, counted)
  const moved = previous?.resetAt != null && resetAt !== null && resetAt - previous.resetAt > 1
  // (A run that starts late in a window sees less than half of it left before the jump: a count
  // back to nearly the whole quota with the reset a second or more later is a new window too.)
  const fresh =
    before !== null &&
    announced.remaining !== null &&
    announced.limit !== null &&
    announced.resetMs !== null &&
    (announced.remaining - before >= announced.limit / 2 ||
      (announced.remaining > before &&
        announced.remaining >= announced.limit * 0.9 &&
        resetAt !== null &&
        previous?.resetAt != null &&
        resetAt - previous.resetAt >= 1_000))
  const longestResetMs = Math.max(model.longestResetMs, announced.resetMs ?? 0)
  const rolling = (previous?.rolling ?? false) || (counted && !fresh && previous.resetAt !== null && at < previous.resetAt)
  const quota: Quota = {
    limit: announced.limit,
    windowMs: announced.windowMs,
    remaining: announced.remaining,
    resetAt,
    // The service counted the request somewhere between its sending and its answer: refill is
    // counted from the sending (a slow answer is mostly the service's work after the count).
    answeredAt: sentAt,
    sentSeq,
    refillSeen: (previous?.refillSeen ?? !wholeWindowLeft(announced, sentSeq)) || counted || moved || fresh,
    rolling,
    freshResetMs: Math.max(previous?.freshResetMs ?? 0, fresh ? Math.round((announced.resetMs ?? 0) / 1_000) * 1_000 : 0),
    freshStepMs: fresh ? leastStep(previous?.freshStepMs ?? 0, previous?.resetAt ?? null, resetAt) : (previous?.freshStepMs ?? 0),
    windowBeganAt: fresh ? at : (previous?.windowBeganAt ?? null),
    mostLeft: Math.max(previous?.mostLeft ?? 0, announced.remaining ?? 0),
    said: announced.said,
  }
  // Unnamed, the window is the longest reset seen, in the whole seconds the headers count in
  // (a reset given as an epoch second can read up to a second long); or, unless the count has
  // been seen to refill before its reset, the reset read as a window began.
  const seen = Math.max(
    longestResetMs > 0 ? Math.max(1_000, Math.floor(longestResetMs / 1_000) * 1_000) : 0,
    rolling ? 0 : quota.freshStepMs > 0 ? quota.freshStepMs : quota.freshResetMs,
  )
  const windowMs = announced.windowMs ?? (seen > 0 ? seen : null)
  if (announced.limit === null || windowMs === null) return { ...model, quota, longestResetMs }
  const limit = (announced.limit * 1000) / Math.max(windowMs, 1_000 / model.ceiling)
  return { ...model, quota, longestResetMs, windowMs, limit, source: 'headers', phase: 'hold', resumedFrom: null }
}

export function announcedRate(model: RateModel, tuning: RateTuning): number {
  return Math.min(model.ceiling, Math.max(tuning.floor, (model.limit ?? model.rate) * (1 - tuning.announcedMargin)))
}
