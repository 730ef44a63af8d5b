import type { AnnouncedLimit } from './rate-limit-headers'
import type { RateModel } from './rate-model'
import type { RateTuning } from './rate-tuning'

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
}

/** Requests the service would still take now, by its last announcement, refilled at the sustained rate; null when nothing was announced. */
export function announcedAllowance(model: RateModel, now: number, sentSeq: number): number | null {
  const quota = model.quota
  if (quota === null || quota.remaining === null) return null
  const sustained = model.source === 'headers' && model.limit !== null ? model.limit : 0
  let allowance = quota.remaining - (sentSeq - quota.sentSeq) + (sustained * Math.max(0, now - quota.answeredAt)) / 1000
  if (quota.resetAt !== null && now >= quota.resetAt && quota.limit !== null) allowance = Math.max(allowance, quota.limit - (sentSeq - quota.sentSeq))
  return quota.limit === null ? allowance : Math.min(allowance, quota.limit)
}

export function learnQuota(model: RateModel, announced: AnnouncedLimit, { at, sentAt }: { at: number; sentAt: number }, sentSeq: number): RateModel {
  // An answer to an older request says less than the one already read.
  if (model.quota !== null && sentSeq < model.quota.sentSeq) return model
  // The remaining quota jumping back up by half or more is a window that just began: its reset
  // is then the whole window (rounded, as a reset given as an epoch second reads up to 1 s long).
  const before = model.quota?.remaining ?? null
  const fresh = before !== null && announced.remaining !== null && announced.limit !== null && announced.resetMs !== null && announced.remaining - before >= announced.limit / 2
  const longestResetMs = Math.max(model.longestResetMs, announced.resetMs ?? 0, fresh ? Math.round((announced.resetMs ?? 0) / 1_000) * 1_000 : 0)
  const quota: Quota = {
    limit: announced.limit,
    windowMs: announced.windowMs,
    remaining: announced.remaining,
    resetAt: announced.resetMs === null ? null : at + announced.resetMs,
    // The service counted the request somewhere between its sending and its answer: refill is
    // counted from the sending (a slow answer is mostly the service's work after the count).
    answeredAt: sentAt,
    sentSeq,
  }
  // Unnamed, the window is the longest reset seen, in the whole seconds the headers count in
  // (a reset given as an epoch second can read up to a second long).
  const windowMs = announced.windowMs ?? (longestResetMs > 0 ? Math.max(1_000, Math.floor(longestResetMs / 1_000) * 1_000) : null)
  if (announced.limit === null || windowMs === null) return { ...model, quota, longestResetMs }
  const limit = (announced.limit * 1000) / Math.max(windowMs, 1_000 / model.ceiling)
  return { ...model, quota, longestResetMs, windowMs, limit, source: 'headers', phase: 'hold' }
}

export function announcedRate(model: RateModel, tuning: RateTuning): number {
  return Math.min(model.ceiling, Math.max(tuning.floor, (model.limit ?? model.rate) * (1 - tuning.announcedMargin)))
}

