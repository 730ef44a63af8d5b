import type { Outcome, TaskFeedback } from './scheduler-types'

/**
 * Waits the service asks for in its headers, bounded: a Retry-After (on a 429, or on a 5xx
 * during an outage) or an announced quota spent until its reset. No header may hold the app
 * longer than `maxHeaderWaitMs`, and no timer is set past what setTimeout can hold (past it,
 * Node fires after 1 ms: a timer storm).
 */

/** 'retry-after': a 429's Retry-After; 'outage': a 5xx's Retry-After; 'quota': an announced quota spent until its reset. */
export type PauseReason = 'retry-after' | 'outage' | 'quota'

export interface Pause {
  /** Epoch ms. */
  until: number
  reason: PauseReason
  /** The header that asked for it, as sent (`Retry-After: 5`, `X-RateLimit-Reset: 3600000`). */
  header: string
}

/** The longest wait any header is obeyed for: a bogus reset or Retry-After holds no lookup longer. */
export const maxHeaderWaitMs = 10 * 60_000

/** Waits longer than this are shown as a pause, and an interactive lookup behind one is answered at once. */
export const shownPauseMs = 3_000

// setTimeout holds a signed 32-bit count of ms (24.8 days).
const maxTimerMs = 2 ** 31 - 1

export function cappedWait(ms: number): number {
  return Number.isFinite(ms) ? Math.min(Math.max(0, ms), maxHeaderWaitMs) : maxHeaderWaitMs
}

/** A delay setTimeout will honour as asked. */
export function timerDelay(ms: number): number {
  return Math.min(Math.max(1, Math.ceil(ms)), maxTimerMs)
}

export function pauseFrom(at: number, waitMs: number, reason: PauseReason, header: string): Pause {
  return { until: at + cappedWait(waitMs), reason, header }
}

/** The pause that holds longer; the older one on a tie, as it was said first. */
export function later(a: Pause | null, b: Pause | null): Pause | null {
  if (a === null) return b
  if (b === null) return a
  return b.until > a.until ? b : a
}

export function active(pause: Pause | null, now: number): Pause | null {
  return pause !== null && pause.until > now ? pause : null
}

/**
 * The pause an answer brings: a 5xx's Retry-After holds everyone (an outage: the rate model never
 * hears of it, so no estimate moves); a 429's is the model's to take, and is named here when it did.
 */
function pauseOfAnswer(
  current: Pause | null,
  outcome: Outcome,
  feedback: TaskFeedback | number | undefined,
  at: number,
  model: { before: number | null; after: number | null },
): Pause | null {
  const { retryAfterMs, retryAfterHeader } =
    typeof feedback === 'number' ? { retryAfterMs: feedback, retryAfterHeader: undefined } : (feedback ?? {})
  if (retryAfterMs === undefined) return current
  const header = retryAfterHeader ?? `Retry-After: ${Math.ceil(retryAfterMs / 1000)}`
  if (outcome === 'error') return later(current, pauseFrom(at, retryAfterMs, 'outage', header))
  if (outcome === 'rate-limited' && model.after !== null && model.after !== model.before)
    return later(current, { until: model.after, reason: 'retry-after', header })
  return current
}

/** The pauses one scheduler holds besides its rate model's: a Retry-After (of a 429 or a 5xx), and the last long wait of an announced quota. */
export class HeldPauses {
  #header: Pause | null = null
  #quota: Pause | null = null

  /**
   * Until when everything waits, and the named pause behind it. The quota's wait is shown but
   * not held here: pacing works it out again at each turn, as a later answer may refill it.
   */
  hold(at: number, modelUntil: number | null, withQuota: boolean): { until: number | null; pause: Pause | null } {
    const pause = later(active(this.#header, at), withQuota ? active(this.#quota, at) : null)
    const until = Math.max(modelUntil ?? 0, pause?.until ?? 0)
    return { until: until > at ? until : null, pause }
  }

  answered(
    outcome: Outcome,
    feedback: TaskFeedback | number | undefined,
    at: number,
    model: { before: number | null; after: number | null },
  ): void {
    this.#header = pauseOfAnswer(active(this.#header, at), outcome, feedback, at, model)
  }

  /** The wait pacing set for the next task; a long one that a header asked for is a pause to show. */
  quotaWait(at: number, wait: { ms: number; header: string | null }): Pause | null {
    this.#quota = wait.header !== null && wait.ms > shownPauseMs ? pauseFrom(at, wait.ms, 'quota', wait.header) : null
    return this.#quota
  }
}

/** "600 s", as a lookup waiting behind the pause is told. */
export function waitWords(ms: number): string {
  return `${Math.ceil(ms / 1000)} s`
}
