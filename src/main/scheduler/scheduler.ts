import PQueue from 'p-queue'
import { AppError } from '../../shared/app-error'
import { AdaptiveRate, type AdaptiveRateTuning, type Pressure } from './adaptive-rate'
import { defaultSchedulerConfig, withConfig, type SchedulerConfig } from './scheduler-config'
import type { Priority, Scheduler, SchedulerState, ScheduleOptions, TaskContext } from './scheduler-types'
import { TokenBucket } from './token-bucket'

export type { SchedulerConfig } from './scheduler-config'
export { defaultSchedulerConfig } from './scheduler-config'
export type { Outcome, Priority, Scheduler, SchedulerState, ScheduleOptions, TaskContext } from './scheduler-types'

export interface SchedulerOptions extends Partial<SchedulerConfig> {
  /** Epoch ms. Must agree with the global timers (vitest fake timers fake both). */
  now?: () => number
  tuning?: Partial<AdaptiveRateTuning>
}

// A tenth of a second of burst: an idle app sends a lookup at once, but a batch cannot
// fire a volley that an unseen server-side burst allowance would then punish late.
const burstSeconds = 0.1

// p-queue starts higher numbers first; a retry sits between its own class and the next.
const priorityRank: Record<Priority, number> = { interactive: 2, batch: 0 }

interface Waiter {
  start(): void
}

export function createScheduler(options: SchedulerOptions = {}): Scheduler {
  const now = options.now ?? Date.now
  const config = withConfig(defaultSchedulerConfig, options)
  const control = new AdaptiveRate({
    now,
    initialRate: config.initialRate,
    ceiling: config.ceiling,
    ...(options.tuning === undefined ? {} : { tuning: options.tuning }),
  })
  const bucket = new TokenBucket({ rate: control.rate, burst: burstFor(control.rate), now })
  // p-queue keeps the waiting tasks in order (priority, then FIFO) and drops aborted ones.
  // It stays paused: the gate below releases one task at a time, only when the token
  // bucket, the concurrency cap and any Retry-After pause let it start at once, so a new
  // interactive lookup overtakes all waiting batch work. p-queue's own interval limit is
  // a fixed window set at construction and cannot follow an adaptive rate.
  const queue = new PQueue({ concurrency: 1, autoStart: false })
  // It frees its one slot a few microtasks after each hand-over; then the next can go.
  queue.addEventListener('next', () => {
    pump()
  })
  const queued: Record<Priority, number> = { interactive: 0, batch: 0 }
  // Handed over by p-queue, about to start. Empty between pumps unless p-queue ever
  // calls a task asynchronously.
  const waiters: Waiter[] = []
  const listeners = new Set<(state: SchedulerState) => void>()
  let inFlight = 0
  // The next task to start waited for a token: its success tests the current rate.
  let rateBound = false
  let pausing = false
  let pumping = false
  let pumpAgain = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let timerDue = 0
  let notifyPending = false

  function state(): SchedulerState {
    return {
      rate: control.rate,
      ceiling: control.ceiling,
      learnedLimit: control.learnedLimit,
      // A borrowed token shows as none left rather than as a debt.
      tokens: Math.max(0, bucket.tokens()),
      burst: bucket.burst,
      concurrency: config.concurrency,
      inFlight,
      queued: { ...queued, total: queued.interactive + queued.batch },
      pausedUntil: control.pausedUntil(),
    }
  }

  // Coalesced: scheduling a batch of thousands is one update, not thousands.
  function notify(): void {
    if (notifyPending) return
    notifyPending = true
    queueMicrotask(() => {
      notifyPending = false
      if (listeners.size === 0) return
      const snapshot = state()
      for (const listener of listeners) listener(snapshot)
    })
  }

  function syncBucket(): void {
    bucket.setRate(control.rate)
    bucket.setBurst(burstFor(control.rate))
  }

  function wakeIn(delayMs: number): void {
    // Whole milliseconds, at least one, so the clock has moved when the timer fires.
    const due = now() + Math.max(1, Math.ceil(delayMs))
    if (timer !== undefined && timerDue === due) return
    clearTimeout(timer)
    timerDue = due
    timer = setTimeout(() => {
      timer = undefined
      pump()
      notify()
    }, due - now())
  }

  function sleep(): void {
    clearTimeout(timer)
    timer = undefined
  }

  // Re-entrant calls (a hand-over inside queue.start(), an abort) only ask for another pass.
  function pump(): void {
    if (pumping) {
      pumpAgain = true
      return
    }
    pumping = true
    try {
      do {
        releaseWhatCanStart()
      } while (takePumpAgain())
    } finally {
      pumping = false
    }
  }

  function takePumpAgain(): boolean {
    const again = pumpAgain
    pumpAgain = false
    return again
  }

  function releaseWhatCanStart(): void {
    for (;;) {
      const pausedUntil = control.pausedUntil()
      // Checked with nothing waiting too, so listeners hear when the pause ends.
      if (pausedUntil !== null) {
        pausing = true
        wakeIn(pausedUntil - now())
        return
      }
      if (pausing) {
        pausing = false
        // Tokens earned during the pause would go out as one volley the moment it ends.
        bucket.empty()
      }
      const head = waiters[0]
      if (head === undefined && queue.size === 0) {
        rateBound = false
        sleep()
        return
      }
      if (inFlight >= config.concurrency) {
        sleep()
        return
      }
      const wait = bucket.timeUntilToken()
      // p-queue hands over interactive work first, so a waiting one is next in line.
      const borrowing = wait > 0 && queued.interactive > 0 && bucket.tokens() >= 0
      if (wait > 0 && !borrowing) {
        rateBound = true
        wakeIn(wait)
        return
      }
      if (head === undefined) {
        queue.start()
        queue.pause()
        // Nothing handed over: p-queue's slot is still busy; its 'next' event pumps again.
        if (waiters.length === 0) return
        continue
      }
      if (!bucket.take()) bucket.borrow()
      waiters.shift()
      inFlight += 1
      head.start()
    }
  }

  function waitForTurn(signal: AbortSignal | undefined, start: () => void): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted === true) {
        reject(toError(signal.reason))
        return
      }
      const onAbort = (): void => {
        const index = waiters.indexOf(waiter)
        if (index >= 0) waiters.splice(index, 1)
        reject(toError(signal?.reason))
        pump()
      }
      const waiter: Waiter = {
        start() {
          signal?.removeEventListener('abort', onAbort)
          start()
          resolve()
        },
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      waiters.push(waiter)
      pump()
    })
  }

  function run<T>(task: (ctx: TaskContext) => Promise<T>, signal: AbortSignal | undefined, queuedMs: number): Promise<T> {
    const generation = control.generation
    const pressure: Pressure = rateBound ? 'rate-bound' : queuedMs > 0 || queue.size > 0 ? 'backlogged' : 'idle'
    rateBound = false
    let reported = false
    const ctx: TaskContext = {
      queuedMs,
      signal,
      report(outcome, retryAfterMs) {
        if (reported) return
        reported = true
        if (outcome === 'ok') control.onSuccess(generation, pressure)
        // Stored-up tokens would go out as one volley at a rate just found too high.
        else if (outcome === 'rate-limited' && control.onRateLimited(generation, retryAfterMs)) bucket.empty()
        syncBucket()
        pump()
        notify()
      },
    }
    // An async wrapper turns a synchronous throw of the task into a rejection.
    const result = (async () => task(ctx))()
    return result.finally(() => {
      inFlight -= 1
      pump()
      notify()
    })
  }

  function canStartNow(priority: Priority): boolean {
    return (
      !pumping &&
      !pausing &&
      control.pausedUntil() === null &&
      waiters.length === 0 &&
      queue.size === 0 &&
      queue.pending === 0 &&
      inFlight < config.concurrency &&
      (bucket.timeUntilToken() === 0 || (priority === 'interactive' && bucket.tokens() >= 0))
    )
  }

  async function schedule<T>(task: (ctx: TaskContext) => Promise<T>, options: ScheduleOptions): Promise<T> {
    const { priority, signal, retry = false } = options
    if (signal?.aborted === true) throw new AppError('cancelled', 'The request was cancelled before it was sent.', { cause: signal.reason })
    // Fast path: nothing waiting, a free slot and a token, so the task can start at once
    // without the queue's hand-over (an interactive lookup on an idle app).
    if (canStartNow(priority)) {
      if (!bucket.take()) bucket.borrow()
      inFlight += 1
      notify()
      return run(task, signal, 0)
    }
    const scheduledAt = now()
    const started: { result?: Promise<T> } = {}
    queued[priority] += 1
    notify()
    const handOver = queue.add(
      () =>
        waitForTurn(signal, () => {
          queued[priority] -= 1
          started.result = run(task, signal, now() - scheduledAt)
        }),
      { priority: priorityRank[priority] + (retry ? 1 : 0), ...(signal === undefined ? {} : { signal }) },
    )
    pump()
    try {
      await handOver
    } catch (error) {
      // p-queue also rejects when the signal aborts after the start; that is the task's to report.
      if (started.result === undefined) {
        queued[priority] -= 1
        notify()
        throw new AppError('cancelled', 'The request was cancelled before it was sent.', { cause: error })
      }
    }
    if (started.result === undefined) throw new Error('The scheduler released a task without starting it')
    return started.result
  }

  return {
    schedule,
    state,
    config: () => ({ ...config }),
    configure(patch) {
      const next = withConfig(config, patch)
      if (patch.ceiling !== undefined) control.setCeiling(next.ceiling)
      if (patch.initialRate !== undefined) control.restart(next.initialRate)
      Object.assign(config, next)
      syncBucket()
      pump()
      notify()
    },
    onState(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

function burstFor(rate: number): number {
  return Math.max(1, rate * burstSeconds)
}

function toError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason))
}
