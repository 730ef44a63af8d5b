import { AppError } from '../../shared/app-error'
import type { Observation } from './rate-model'
import type { Outcome, TaskFeedback } from './scheduler-types'

/** What the driver knew of a task when it was sent. */
export interface Sent {
  sentAt: number
  generation: number
  sentSeq: number
  /** Requests this desk had sent when the answer came. */
  sentSoFar: number
  rateBound: boolean
  /** It waited for a place in flight. */
  slotBound: boolean
  /** Requests in flight when it was sent, itself included. */
  inFlight: number
  /** The share of the rate it went at: batch work goes at the rate less the headroom. */
  share: number
  /** A lookup that went ahead of its token (pacing.ts). */
  early: boolean
}

/**
 * How a task ended, as the rate model sees it: a task's report turned into an observation, or
 * null when it tells the model nothing (an error without announced headers).
 */
export function observationOf(outcome: Outcome, feedback: TaskFeedback | number | undefined, at: number, sent: Sent): Observation | null {
  const { retryAfterMs, announced } = typeof feedback === 'number' ? { retryAfterMs: feedback, announced: undefined } : (feedback ?? {})
  const extra = announced === undefined ? {} : { announced }
  if (outcome === 'ok') return { kind: 'ok', at, ...sent, ...extra }
  if (outcome === 'rate-limited')
    return { kind: 'rate-limited', at, ...sent, ...extra, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) }
  if (announced) return { kind: 'ok', at, ...sent, generation: -1, rateBound: false, slotBound: false, announced }
  return null
}

/** The error of a task cancelled before it was sent. */
export function cancelled(reason: unknown): AppError {
  return new AppError('cancelled', 'The request was cancelled before it was sent.', { cause: reason })
}
