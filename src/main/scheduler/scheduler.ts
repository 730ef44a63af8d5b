import { AppError } from '../../shared/app-error'
import { announcedAllowance, defaultRateTuning, initialModel, observe, pausedUntil, restart, withCeiling, type RateModel, type RateTuning } from './rate-model'
import { defaultSchedulerConfig, withConfig, type SchedulerConfig } from './scheduler-config'
import type { Priority, Scheduler, SchedulerState, ScheduleOptions, TaskContext, TaskFeedback } from './scheduler-types'
import { TokenBucket } from './token-bucket'

export type { SchedulerConfig } from './scheduler-config'
export { defaultSchedulerConfig } from './scheduler-config'
export type { Outcome, Priority, Scheduler, SchedulerState, ScheduleOptions, TaskContext, TaskFeedback } from './scheduler-types'

export interface SchedulerOptions extends Partial<SchedulerConfig> {
  /** Epoch ms. Must agree with the global timers (vitest fake timers fake both). */
  now?: () => number
  tuning?: Partial<RateTuning>
}

// A tenth of a second of burst: an idle app sends a lookup at once, but a batch cannot
// fire a volley that an unseen server-side burst allowance would then punish late.
const burstSeconds = 0.1

interface Waiting {
  priority: Priority
  scheduledAt: number
  start(queuedMs: number, rateBound: boolean): void
}

// Lanes in the order they are served: a retry goes ahead of first attempts of its priority.
type Lane = 'interactive-retry' | 'interactive' | 'batch-retry' | 'batch'
const laneOrder: readonly Lane[] = ['interactive-retry', 'interactive', 'batch-retry', 'batch']

/**
 * The driver around the pure rate model (rate-model.ts): it owns the queue, the timers and
 * the pacing buckets, and tells the model what happened. Interactive work paces on the whole
 * rate; batch work also on its own bucket, which leaves the headroom to colleagues on the key.
 */
export function createScheduler(options: SchedulerOptions = {}): Scheduler {
  const now = options.now ?? Date.now
  const tuning: RateTuning = { ...defaultRateTuning, ...options.tuning }
  const config = withConfig(defaultSchedulerConfig, options)
  let model: RateModel = initialModel(config.initialRate, config.ceiling, tuning)
  // One token at the start: the first answer, which may announce the limit, comes before a volley.
  const all = new TokenBucket({ rate: model.rate, burst: burstFor(model, model.rate), tokens: 1, now })
  const batch = new TokenBucket({ rate: batchRate(), burst: burstFor(model, batchRate()), tokens: 1, now })
  const lanes: Record<Lane, Waiting[]> = { 'interactive-retry': [], interactive: [], 'batch-retry': [], batch: [] }
  const listeners = new Set<(state: SchedulerState) => void>()
  let inFlight = 0
  let sentSeq = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let timerDue = 0
  let notifyPending = false
  let wasPaused = false
  // The next task to start waited for a token: its success tests the current rate.
  let paceBound = false
  let pumping = false
  let pumpAgain = false

  function batchRate(): number {
    const { limit, phase, rate, source } = model
    // Holding under a known limit, batch work leaves the larger of the margin and the headroom unused.
    const margin = source === 'headers' ? tuning.announcedMargin : tuning.margin
    if (phase === 'hold' && limit !== null) return Math.max(tuning.floor, Math.min(rate, limit * (1 - Math.max(config.headroom, margin))))
    return Math.max(tuning.floor, rate * (1 - config.headroom))
  }

  function queuedCount(priority: Priority): number {
    return priority === 'interactive' ? lanes['interactive-retry'].length + lanes.interactive.length : lanes['batch-retry'].length + lanes.batch.length
  }

  function state(): SchedulerState {
    const interactive = queuedCount('interactive')
    const queuedBatch = queuedCount('batch')
    return {
      rate: model.rate,
      ceiling: model.ceiling,
      learnedLimit: model.limit,
      limitSource: model.source,
      windowMs: model.windowMs,
      phase: model.phase,
      headroom: config.headroom,
      batchRate: batchRate(),
      // A borrowed token shows as none left rather than as a debt.
      tokens: Math.max(0, all.tokens()),
      burst: all.burst,
      concurrency: config.concurrency,
      inFlight,
      queued: { interactive, batch: queuedBatch, total: interactive + queuedBatch },
      pausedUntil: pausedUntil(model, now()),
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

  function update(next: RateModel): void {
    model = next
    all.setRate(model.rate)
    all.setBurst(burstFor(model, model.rate))
    const rate = batchRate()
    batch.setRate(rate)
    batch.setBurst(burstFor(model, rate))
  }

  function wakeIn(delayMs: number): void {
    // Whole milliseconds, at least one, so the clock has moved when the timer fires.
    const due = now() + Math.max(1, Math.ceil(delayMs))
    if (timer !== undefined && timerDue <= due) return
    clearTimeout(timer)
    timerDue = due
    timer = setTimeout(() => {
      timer = undefined
      pump()
      notify()
    }, due - now())
  }

  function next(): { lane: Lane; item: Waiting } | null {
    for (const lane of laneOrder) {
      const item = lanes[lane][0]
      if (item) return { lane, item }
    }
    return null
  }

  /** Ms until `priority` may start, 0 when it may now. */
  function waitFor(priority: Priority): number {
    const t = now()
    const allowance = announcedAllowance(model, t, sentSeq)
    const reserve = priority === 'batch' && model.quota?.limit != null ? config.headroom * model.quota.limit : 0
    if (allowance !== null && allowance < 1 + reserve) {
      const sustained = model.limit ?? model.rate
      const refill = ((1 + reserve - allowance) * 1000) / sustained
      const reset = model.quota?.resetAt == null ? Number.POSITIVE_INFINITY : model.quota.resetAt - t
      return Math.max(1, Math.min(refill, reset))
    }
    if (priority === 'interactive') {
      // An interactive lookup borrows the next token rather than wait behind the pace.
      return all.tokens() >= 0 ? 0 : all.timeUntilToken()
    }
    return Math.max(all.timeUntilToken(), batch.timeUntilToken())
  }

  // Re-entrant calls (a task that reports at once, an abort) only ask for another pass.
  function pump(): void {
    if (pumping) {
      pumpAgain = true
      return
    }
    pumping = true
    try {
      do release()
      while (takePumpAgain())
    } finally {
      pumping = false
    }
  }

  function takePumpAgain(): boolean {
    const again = pumpAgain
    pumpAgain = false
    return again
  }

  function release(): void {
    clearTimeout(timer)
    timer = undefined
    for (;;) {
      const until = pausedUntil(model, now())
      if (until !== null) {
        wasPaused = true
        wakeIn(until - now())
        return
      }
      if (wasPaused) {
        wasPaused = false
        // Tokens earned during the pause would go out as one volley the moment it ends.
        all.empty()
        batch.empty()
      }
      const head = next()
      if (head === null) {
        paceBound = false
        update(observe(model, { kind: 'idle', at: now() }, tuning))
        return
      }
      if (inFlight >= config.concurrency) return
      const wait = waitFor(head.item.priority)
      if (wait > 0) {
        paceBound = true
        wakeIn(wait)
        return
      }
      lanes[head.lane].shift()
      if (!all.take()) all.borrow()
      if (head.item.priority === 'batch' && !batch.take()) batch.borrow()
      const rateBound = paceBound
      paceBound = false
      head.item.start(now() - head.item.scheduledAt, rateBound)
    }
  }

  // `rateBound`: it waited for a token, so its success says the service took the rate it was sent at.
  function run<T>(task: (ctx: TaskContext) => Promise<T>, signal: AbortSignal | undefined, queuedMs: number, rateBound: boolean): Promise<T> {
    inFlight += 1
    sentSeq += 1
    const seq = sentSeq
    const sentAt = now()
    const generation = model.generation
    let reported = false
    const ctx: TaskContext = {
      queuedMs,
      signal,
      report(outcome, feedback?: TaskFeedback | number) {
        if (reported) return
        reported = true
        const { retryAfterMs, announced } = typeof feedback === 'number' ? { retryAfterMs: feedback, announced: undefined } : (feedback ?? {})
        const at = now()
        const extra = announced === undefined ? {} : { announced }
        if (outcome === 'ok') update(observe(model, { kind: 'ok', at, sentAt, generation, sentSeq: seq, rateBound, ...extra }, tuning))
        else if (outcome === 'rate-limited') {
          const before = model.generation
          update(observe(model, { kind: 'rate-limited', at, sentAt, generation, sentSeq: seq, ...extra, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) }, tuning))
          // Stored-up tokens would go out as one volley at a rate just found too high.
          if (model.generation !== before) {
            all.empty()
            batch.empty()
          }
        } else if (announced) update(observe(model, { kind: 'ok', at, sentAt, generation: -1, sentSeq: seq, rateBound: false, announced }, tuning))
        pump()
        notify()
      },
    }
    notify()
    // An async wrapper turns a synchronous throw of the task into a rejection.
    return (async () => task(ctx))().finally(() => {
      inFlight -= 1
      pump()
      notify()
    })
  }

  function schedule<T>(task: (ctx: TaskContext) => Promise<T>, options: ScheduleOptions): Promise<T> {
    const { priority, signal, retry = false } = options
    if (signal?.aborted === true) return Promise.reject(cancelled(signal.reason))
    return new Promise<T>((resolve, reject) => {
      const lane: Lane = `${priority}${retry ? '-retry' : ''}` as Lane
      const onAbort = (): void => {
        const index = lanes[lane].indexOf(item)
        if (index < 0) return
        lanes[lane].splice(index, 1)
        reject(cancelled(signal?.reason))
        notify()
        pump()
      }
      const item: Waiting = {
        priority,
        scheduledAt: now(),
        start(queuedMs, rateBound) {
          signal?.removeEventListener('abort', onAbort)
          run(task, signal, queuedMs, rateBound).then(resolve, reject)
        },
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      lanes[lane].push(item)
      notify()
      pump()
    })
  }

  return {
    schedule,
    state,
    config: () => ({ ...config }),
    configure(patch) {
      const nextConfig = withConfig(config, patch)
      Object.assign(config, nextConfig)
      let nextModel = model
      if (patch.ceiling !== undefined) nextModel = withCeiling(nextModel, nextConfig.ceiling, tuning)
      if (patch.initialRate !== undefined) nextModel = restart(nextModel, nextConfig.initialRate, tuning)
      update(nextModel)
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

function burstFor(model: RateModel, rate: number): number {
  // Once a limit is known, requests go evenly spaced: a windowed limiter counts every
  // request of any window, and a volley after a late timer could put one too many in it.
  // Half a token more keeps what a timer rounded up to a whole millisecond would lose.
  if (model.limit !== null && model.phase === 'hold') return 1.5
  return Math.max(1, rate * burstSeconds)
}

function cancelled(reason: unknown): AppError {
  return new AppError('cancelled', 'The request was cancelled before it was sent.', { cause: reason })
}
