import { AppError } from '../../shared/app-error'
import type { Bound, Waiting } from './lanes'
import { timerDelay, waitWords } from './pauses'
import type { ScheduleOptions } from './scheduler-types'
import { cancelled } from './task-outcome'

interface Hooks {
  run(queuedMs: number, bound: Bound): void
  reject(error: Error): void
  /** Takes the task out of the queue; false when it has already left it. */
  leave(): boolean
}

/** A task waiting its turn: it leaves the queue when it starts, is cancelled, fails, or its deadline passes. */
export function queueItem(options: ScheduleOptions, scheduledAt: number, hooks: Hooks): Waiting {
  const { priority, signal, retry = false, sendAnyway = false, answerIfPausedMs, deadlineMs } = options
  const onAbort = (): void => {
    if (hooks.leave()) settle(cancelled(signal?.reason))
  }
  const deadline =
    deadlineMs === undefined
      ? undefined
      : setTimeout(() => {
          if (hooks.leave()) settle(missedDeadline(deadlineMs))
        }, timerDelay(deadlineMs))
  const cleanUp = (): void => {
    signal?.removeEventListener('abort', onAbort)
    clearTimeout(deadline)
  }
  function settle(error: Error): void {
    cleanUp()
    hooks.reject(error)
  }
  signal?.addEventListener('abort', onAbort, { once: true })
  return {
    priority,
    retry,
    scheduledAt,
    sendAnyway,
    answerIfPausedMs,
    start(queuedMs, bound) {
      cleanUp()
      hooks.run(queuedMs, bound)
    },
    fail: settle,
  }
}

export function askedToWait(waitMs: number, header: string): AppError {
  return new AppError(
    'service-asked-to-wait',
    `Not sent yet: the service asked to wait ${waitWords(waitMs)} (${header}). Send it anyway, or cancel it.`,
  )
}

/**
 * An interactive lookup refused again and again, each time for a short while: a window that stays
 * shut past the Retry-After it names. The waits add up; past a few seconds the person is told.
 */
export function refusedRepeatedly(attempts: number, waitMs: number, header: string | null): AppError {
  const asks = header === null ? `the app would wait ${waitWords(waitMs)} more` : `it asks to wait ${waitWords(waitMs)} more (${header})`
  return new AppError(
    'service-asked-to-wait',
    `Not sent again yet: the service refused it ${attempts} times in a row (429), and ${asks}. Send it anyway, or cancel it.`,
  )
}

/** Behind the pause the app takes when every request meets a 429 that says nothing of how long. */
export function refusedLately(waitMs: number): AppError {
  return new AppError(
    'service-asked-to-wait',
    `Not sent yet: the service has refused every request lately (429, without Retry-After), so the app waits ${waitWords(waitMs)} before trying again. Send it anyway, or cancel it.`,
  )
}

function missedDeadline(deadlineMs: number): AppError {
  return new AppError('timeout', `Not sent: it waited ${waitWords(deadlineMs)} for its turn and was given up. Try again.`)
}
