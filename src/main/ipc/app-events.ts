import type { BatchService } from '../services/batch-service'
import type { RequestLog } from '../request-log/request-log'
import type { Scheduler } from '../scheduler/scheduler'
import type { EventListener } from './event-emitter'

const stateIntervalMs = 100

/** Forwards the services' live changes as the contract's events; returns the function that stops it. */
export function forwardEvents(
  sources: { requestLog: RequestLog; batches: BatchService; scheduler: Scheduler },
  emit: EventListener,
): () => void {
  const unsubscribeLog = sources.requestLog.subscribe((entries) => {
    emit('requestLogAppended', entries)
  })
  const unsubscribeBatch = sources.batches.onProgress((progress) => {
    emit('batchProgress', progress)
  })
  // The scheduler changes state on every request; the screen needs at most ten a second.
  let stateTimer: NodeJS.Timeout | undefined
  const unsubscribeState = sources.scheduler.onState(() => {
    stateTimer ??= setTimeout(() => {
      stateTimer = undefined
      emit('schedulerState', sources.scheduler.state())
    }, stateIntervalMs)
  })
  return () => {
    unsubscribeBatch()
    unsubscribeLog()
    unsubscribeState()
    if (stateTimer) clearTimeout(stateTimer)
  }
}
