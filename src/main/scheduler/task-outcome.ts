import { AppError } from '../../shared/app-error'
import type { Observation } from './rate-model'
import type { Outcome, TaskFeedback } from './scheduler-types'

/** What the driver knew of a task when it was sent. */
export interface Sent {
  sentAt: number
  generation: number
  sentSeq: number
  rateBound: boolean
}

/**
 * How a task ended, as the rate model sees it: a task's report turned into an observation, or
 * null when it tells the model nothing (an error without announced headers).
 */
export function observationOf(outcome: Outcome, feedback: TaskFeedback | number | undefined, at: number, sent: Sent): Observation | null {
  const { retryAfterMs, announced } = typeof feedback === 'number' ? { retryAfterMs: feedback, announced: undefined } : (feedback ?? {})
  const { sentAt, generation, sentSeq, rateBound } = sent
  const extra = announced === undefined ? {} : { announced }
  if (outcome === 'ok') return { kind: 'ok', at, sentAt, generation, sentSeq, rateBound, ...extra }
  if (outcome === 'rate-limited')
    return { kind: 'rate-limited', at, sentAt, generation, sentSeq, ...extra, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) }
  if (announced) return { kind: 'ok', at, sentAt, generation: -1, sentSeq, rateBound: false, announced }
  return null
}

/** The error of a task cancelled before it was sent. */
export function cancelled(reason: unknown): AppError {
  return new AppError('cancelled', 'The request was cancelled before it was sent.', { cause: reason })
}
