import { inferFixedWindow, nextBoundary, nextBoundaryAfterOneBlock, okInWindow, type FixedWindow } from './fixed-window'
import type { RateModel } from './rate-model'
import { fruitlessSpacingMs, type RateTuning } from './rate-tuning'

/**
 * The rate model's part for a fixed window learnt from 429s that say nothing (fixed-window.ts):
 * once known, the limit is its count per window, and a 429 waits for the next boundary rather
 * than for a guessed pause that doubles while the window stays shut.
 */

function perSecond(window: FixedWindow): number {
  return (window.limit * 1000) / window.windowMs
}

function holding(model: RateModel, window: FixedWindow, tuning: RateTuning): RateModel {
  const limit = perSecond(window)
  // The count read off the answers may be one high: where among requests a few ms apart the
  // boundary falls is not known, and the one just before it may be the service's next window's.
  // Paced at one fewer per window (less the margin an announced limit gets for timing), a count
  // one too high still stays under the limit.
  const paced = perSecond({ ...window, limit: window.limit - 1 }) * (1 - tuning.announcedMargin)
  return {
    ...model,
    fixedWindow: window,
    windowMs: window.windowMs,
    limit,
    source: 'probing',
    phase: 'hold',
    rate: Math.min(model.ceiling, Math.max(tuning.floor, paced)),
    heldMs: 0,
    probeAt: null,
    generation: model.generation + 1,
    okSinceEpisode: 0,
  }
}

/** At the first success after a block of such 429s, the window the answers show, if any. */
export function learnWindowAtBlockEnd(model: RateModel, tuning: RateTuning): RateModel {
  if (model.openBlock === null) return model
  const window = inferFixedWindow(model.sent)
  const known = model.fixedWindow
  if (window === null) return { ...model, openBlock: null }
  if (known !== null && known.limit === window.limit && known.windowMs === window.windowMs)
    return { ...model, openBlock: null, fixedWindow: window }
  // Blind blocks that agree have measured the count, as a probe that found nothing would: the
  // next probe waits as long. Blocks cut short by Retry-After may be a bucket's (a limit that
  // rises is then found by the next probe), so the spacing stays.
  const spacingMs = model.openBlock === 'blind' ? fruitlessSpacingMs(model.spacingMs, perSecond(window), tuning) : model.spacingMs
  return { ...holding(model, window, tuning), openBlock: null, spacingMs }
}

/**
 * A 429 without rate-limit headers while a window is known: everything waits for the next
 * boundary (and the Retry-After, if any). null when the window does not explain it (fewer let
 * through than its count: the limit fell, or it never was a fixed window), for the model to
 * treat as any other 429; but a probe's 429 with Retry-After under a window learnt from such
 * 429s found nothing new: those blocks place a boundary only to within the whole second the
 * Retry-After was rounded to, so the count before it may be split across two windows.
 */
export function window429(
  model: RateModel,
  obs: { at: number; sentAt: number; generation: number; retryAfterMs?: number },
  tuning: RateTuning,
): RateModel | null {
  const window = model.fixedWindow
  if (window === null) return null
  const count = okInWindow(model.sent, window, obs.sentAt)
  // A probe that got more through than the window allows over its whole length found a higher
  // limit wherever the boundaries lie; with Retry-After (the blocks may have been a bucket's,
  // whose window count says nothing of a risen limit) it is measured as any other probe is.
  const probeMs = model.probeAt === null ? 0 : obs.at - model.probeAt
  const outran = model.phase === 'probe' && model.probeOk > window.limit * (probeMs / window.windowMs + 1)
  if (obs.retryAfterMs !== undefined && (outran || count > window.limit * 1.1 + 1)) return null
  // A probe sends fast: answers still on the way, and a boundary placed a few ms late, leave a
  // few of the window's requests uncounted.
  const uncounted = model.phase === 'probe' ? Math.ceil(window.limit * 0.05) : 0
  const misplaced = count < window.limit - 1 - uncounted
  if (misplaced && (obs.retryAfterMs === undefined || model.phase !== 'probe')) return null
  const retryAt = obs.retryAfterMs === undefined ? 0 : obs.at + Math.min(obs.retryAfterMs, tuning.maxPauseMs)
  const until = Math.max(model.pausedUntil, misplaced ? 0 : nextBoundary(window, obs.sentAt), retryAt)
  const paused: RateModel = {
    ...model,
    pausedUntil: until,
    selfPauseMs: 0,
    openBlock: obs.retryAfterMs === undefined ? 'blind' : 'retry-after',
  }
  if (obs.generation !== model.generation || model.okSinceEpisode === 0) return paused
  // A probe that got clearly more through than the count found a higher one (a fast probe
  // counts a few more when the boundary is placed a little late); else it cost a 429 for
  // nothing, and the next waits longer.
  const rose = count > window.limit * 1.1 + 1
  const spacingMs = rose
    ? tuning.minSpacingMs
    : model.phase === 'probe'
      ? fruitlessSpacingMs(model.spacingMs, perSecond(window), tuning)
      : model.spacingMs
  return { ...holding(paused, rose ? { ...window, limit: count } : window, tuning), spacingMs, cutAt: obs.at, okSinceCut: 0 }
}

/**
 * A 429 without Retry-After, no window known yet, after one block of them that may have ended a
 * window: everything waits for where such a window would next end. The second block, which the
 * window is learnt from, then costs one 429 instead of one per doubling pause (a probe's too).
 */
export function waitForGuessedWindowEnd(model: RateModel, obs: { sentAt: number }, tuning: RateTuning): RateModel {
  // Only the first 429 of a block: later ones are the requests already in flight.
  if (model.fixedWindow !== null || model.selfPauseMs !== 0) return model
  const end = nextBoundaryAfterOneBlock(model.sent, obs.sentAt, tuning.guessedWindowSpreadMs)
  return end === null ? model : { ...model, pausedUntil: Math.max(model.pausedUntil, end) }
}
