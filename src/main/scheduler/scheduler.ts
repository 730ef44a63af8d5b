import {
  defaultRateTuning,
  initialModel,
  observe,
  pausedUntil,
  restart,
  resumeFrom,
  withCeiling,
  type LearntLimit,
  type RateModel,
  type RateTuning,
} from './rate-model'
import { defaultSchedulerConfig, withConfig, type SchedulerConfig } from './scheduler-config'
import type { Scheduler, SchedulerState, ScheduleOptions, TaskContext, TaskFeedback } from './scheduler-types'
import { cancelled, observationOf } from './task-outcome'
import { Lanes, type Bound } from './lanes'
import { Pacing } from './pacing'
import { HeldPauses, shownPauseMs, type Pause } from './pauses'
import { Pump } from './pump'
import { askedToWait, queueItem, refusedLately } from './queue-item'
import { HeaderTrust } from './header-trust'
import { colleaguesShare } from './colleagues-share'

export type { SchedulerConfig } from './scheduler-config'
export { defaultSchedulerConfig } from './scheduler-config'
export type { Outcome, Priority, Scheduler, SchedulerState, ScheduleOptions, TaskContext, TaskFeedback } from './scheduler-types'

export interface SchedulerOptions extends Partial<SchedulerConfig> {
  /** Epoch ms. Must agree with the global timers (vitest fake timers fake both). */
  now?: () => number
  tuning?: Partial<RateTuning>
  /** What an earlier run learnt of this account's limit: the law starts there rather than from `initialRate`. */
  learnt?: LearntLimit | null
}

/**
 * The driver around the pure rate model (rate-model.ts): it owns the queue, the timers and
 * the pacing buckets, and tells the model what happened. Interactive work paces on the whole
 * rate; batch work also on its own bucket, which leaves the headroom to colleagues on the key.
 */
export function createScheduler(options: SchedulerOptions = {}): Scheduler {
  const now = options.now ?? Date.now
  const tuning: RateTuning = { ...defaultRateTuning, ...options.tuning }
  const config = withConfig(defaultSchedulerConfig, options)
  const fresh = initialModel(config.initialRate, config.ceiling, tuning)
  let model: RateModel = options.learnt ? resumeFrom(fresh, options.learnt, tuning) : fresh
  const pacing = new Pacing(model, tuning, () => config.headroom, now)
  const lanes = new Lanes()
  const listeners = new Set<(state: SchedulerState) => void>()
  let inFlight = 0
  let sentSeq = 0
  let notifyPending = false
  let wasPaused = false
  const pauses = new HeldPauses()
  const trust = new HeaderTrust()
  // What the next task to start waited for, so what its answer tests: a token (the rate), a place in flight (the cap).
  let paceBound = false
  let slotBound = false
  const pump = new Pump(release, notify, now)

  function state(): SchedulerState {
    const [interactive, batch] = [lanes.count('interactive'), lanes.count('batch')]
    const held = pauses.hold(now(), pausedUntil(model, now()), true)
    return {
      rate: model.rate,
      ceiling: model.ceiling,
      learnedLimit: model.limit,
      limitSource: model.source,
      windowMs: model.windowMs,
      phase: model.phase,
      inFlightCap: model.inFlightCap,
      inFlightHeld: placesHeld(),
      resumedFrom: model.resumedFrom,
      headroom: config.headroom,
      batchRate: pacing.batchRate(),
      ...pacing.tokens(),
      concurrency: config.concurrency,
      inFlight,
      queued: { interactive, batch, total: interactive + batch },
      pausedUntil: held.until,
      pause: held.pause,
      announced: pacing.gate.view(now(), sentSeq),
      headersDistrusted: trust.distrusted,
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
    pacing.follow(model)
  }

  /** Something changed: start what may start, and tell the listeners. True, for use in expressions. */
  function changed(): true {
    pump.run()
    notify()
    return true
  }

  /** Work the user chose to send anyway goes now; interactive work that should not wait `waitMs` is answered at once. */
  function whileHeld(waitMs: number, pause: Pause | null): boolean {
    // No named pause: the model's own, taken while every request meets a 429 without Retry-After.
    if (waitMs > shownPauseMs) lanes.answerHeld(waitMs, pause === null ? refusedLately(waitMs) : askedToWait(waitMs, pause.header))
    const anyway = inFlight < config.concurrency ? lanes.takeSentAnyway() : null
    if (anyway === null) return false
    const sentAs = pacing.take(anyway.priority, true)
    anyway.start(now() - anyway.scheduledAt, {
      sentAs,
      rateBound: false,
      slotBound: false,
      share: 1,
      rateAtSend: model.rate,
      capHeld: placesHeld(),
    })
    return true
  }

  /**
   * The places in flight this desk takes of a learnt cap (null with none): the headroom's share of
   * it, in whole places, is left to colleagues on the key, as of an announced quota (colleaguesShare).
   * Its own lookups are held to them too: the cap is learnt from this desk's 429s, often a place
   * above the service's (a real cap lets one more through as it answers), so a place left is not
   * surely free.
   */
  function placesHeld(): number | null {
    const cap = model.inFlightCap
    return cap === null ? null : cap - colleaguesShare(config.headroom, cap, 0)
  }

  function release(): void {
    for (;;) {
      const held = pauses.hold(now(), pausedUntil(model, now()), false)
      if (held.until !== null) {
        if (whileHeld(held.until - now(), held.pause)) continue
        wasPaused = true
        pump.wakeIn(held.until - now())
        return
      }
      if (wasPaused) {
        wasPaused = false
        // Tokens earned during the pause would go out as one volley the moment it ends.
        pacing.empty()
      }
      const head = lanes.peek()
      if (head === null) {
        paceBound = false
        slotBound = false
        update(observe(model, { kind: 'idle', at: now() }, tuning))
        return
      }
      const places = placesHeld()
      if (inFlight >= Math.min(config.concurrency, places ?? Number.POSITIVE_INFINITY)) {
        slotBound = places !== null
        return
      }
      const wait = head.sendAnyway ? { ms: 0, header: null } : pacing.waitFor(head.priority, now(), sentSeq)
      const quotaPause = pauses.quotaWait(now(), wait)
      if (wait.ms > 0) {
        if (whileHeld(wait.ms, quotaPause)) continue
        paceBound = true
        pump.wakeIn(wait.ms)
        return
      }
      lanes.shift()
      const sentAs = pacing.take(head.priority, head.sendAnyway)
      const share = head.priority === 'batch' && model.rate > 0 ? Math.min(1, pacing.batchRate() / model.rate) : 1
      const bound = { rateBound: paceBound, slotBound, share, rateAtSend: model.rate, capHeld: placesHeld(), sentAs }
      paceBound = false
      slotBound = false
      head.start(now() - head.scheduledAt, bound)
    }
  }

  // `bound`: what it waited for, so what its answer tests (the rate, the cap on requests in flight).
  function run<T>(task: (ctx: TaskContext) => Promise<T>, signal: AbortSignal | undefined, queuedMs: number, bound: Bound): Promise<T> {
    inFlight += 1
    const sentInFlight = inFlight
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
        if (outcome === 'rate-limited' && trust.refused(model, sentAt, seq, typeof feedback === 'object' ? feedback.limits : undefined)) {
          // Caught announcing more than it allows: learn from the answers, from half the rate it refused.
          update(restart(model, model.rate / 2, tuning))
          pacing.gate.clear()
          pacing.relearn()
        }
        const heard = trust.heard(feedback)
        const { sentAs, ...facts } = bound
        if (outcome !== 'error') pacing.answered(sentAs, outcome)
        const obs = observationOf(outcome, heard, now(), {
          sentAt,
          generation,
          sentSeq: seq,
          sentSoFar: sentSeq,
          inFlight: sentInFlight,
          early: sentAs.early,
          ...facts,
        })
        const pausedBefore = pausedUntil(model, now())
        if (typeof heard === 'object' && heard.limits)
          pacing.gate.learn(heard.limits, { at: now(), sentAt, counted: outcome !== 'rate-limited' }, seq)
        if (obs !== null) {
          const before = model.generation
          update(observe(model, obs, tuning))
          // Stored-up tokens would go out as one volley at a rate just found too high.
          if (obs.kind === 'rate-limited' && model.generation !== before) pacing.empty()
        }
        pauses.answered(outcome, feedback, now(), { before: pausedBefore, after: pausedUntil(model, now()) })
        changed()
      },
    }
    notify()
    // An async wrapper turns a synchronous throw of the task into a rejection.
    return (async () => task(ctx))().finally(() => {
      inFlight -= 1
      changed()
    })
  }

  function schedule<T>(task: (ctx: TaskContext) => Promise<T>, options: ScheduleOptions): Promise<T> {
    if (options.signal?.aborted === true) return Promise.reject(cancelled(options.signal.reason))
    return new Promise<T>((resolve, reject) => {
      const item = queueItem(options, now(), {
        run: (queuedMs, bound) => {
          run(task, options.signal, queuedMs, bound).then(resolve, reject)
        },
        reject,
        leave: () => lanes.remove(item) && changed(),
      })
      lanes.push(item)
      changed()
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
      if (patch.initialRate !== undefined) {
        nextModel = restart(nextModel, nextConfig.initialRate, tuning)
        pacing.relearn()
      }
      update(nextModel)
      changed()
    },
    onState(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
