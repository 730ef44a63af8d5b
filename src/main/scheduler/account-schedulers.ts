import type { LearntLimit } from './rate-model'
import { createScheduler, type Scheduler, type SchedulerOptions, type SchedulerState } from './scheduler'
import { withConfig, defaultSchedulerConfig, type SchedulerConfig } from './scheduler-config'

/**
 * One scheduler per merchant account: the service limits each key on its own, so what one
 * account learns (its limit, a Retry-After pause) must not slow another. Work is scheduled on
 * the account it is for; the view and the settings follow the account in use.
 */
export interface AccountSchedulers {
  /** The scheduler of this account (see accountKey), made on first use with the shared settings. */
  for(key: string): Scheduler
  /** The account in use now: what the Requests screen and the throttle indicator show. */
  active(): Scheduler
  config(): SchedulerConfig
  /** Applies to every account's scheduler, as the settings hold one set of limits. */
  configure(patch: Partial<SchedulerConfig>): void
  /** Any account's scheduler changed state (or another became the active one). */
  onState(listener: (state: SchedulerState) => void): () => void
  /** Tell listeners the account in use changed, so the view shows its scheduler. */
  activeChanged: () => void
  /** The account in use's scheduler as one Scheduler, for code that serves whichever account is in use. */
  readonly inUse: Scheduler
}

/** What each account's throttle learnt, kept for the next start of the app (learnt-limits-store.ts). */
export interface LearntMemory {
  recall(key: string): LearntLimit | null
  remember(key: string, learnt: LearntLimit): void
}

/**
 * What a scheduler has learnt, worth starting from next time: the limit and cap 429s placed, or,
 * before any limit, the rate the doubling reached above where it started. An announced limit is
 * read again from the first answer.
 */
export function learntOf(state: SchedulerState, now: number, startRate: number): LearntLimit | null {
  if (state.limitSource === 'headers') return null
  const reached = state.learnedLimit === null && state.rate > startRate ? state.rate : null
  if (state.learnedLimit === null && state.inFlightCap === null && reached === null) return null
  return { limit: state.learnedLimit, inFlightCap: state.inFlightCap, reached, learntAt: state.resumedFrom ?? now }
}

export function createAccountSchedulers(options: SchedulerOptions & { activeKey: () => string; memory?: LearntMemory }): AccountSchedulers {
  const { activeKey, memory, ...schedulerOptions } = options
  const now = options.now ?? Date.now
  let config = withConfig(defaultSchedulerConfig, schedulerOptions)
  const schedulers = new Map<string, Scheduler>()
  const listeners = new Set<(state: SchedulerState) => void>()

  function tell(): void {
    const state = active().state()
    for (const listener of listeners) listener(state)
  }

  function forKey(key: string): Scheduler {
    let scheduler = schedulers.get(key)
    if (!scheduler) {
      scheduler = createScheduler({ ...schedulerOptions, ...config, learnt: memory?.recall(key) ?? null })
      scheduler.onState(tell)
      if (memory)
        scheduler.onState((state) => {
          const learnt = learntOf(state, now(), config.initialRate)
          if (learnt !== null) memory.remember(key, learnt)
        })
      schedulers.set(key, scheduler)
    }
    return scheduler
  }

  function active(): Scheduler {
    return forKey(activeKey())
  }

  const configOf = (): SchedulerConfig => ({ ...config })
  function configure(patch: Partial<SchedulerConfig>): void {
    // Checked once, so a bad value changes no scheduler rather than some.
    config = withConfig(config, patch)
    for (const scheduler of schedulers.values()) scheduler.configure(patch)
  }
  function onState(listener: (state: SchedulerState) => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  return {
    for: forKey,
    active,
    config: configOf,
    configure,
    onState,
    activeChanged: tell,
    inUse: {
      schedule: (task, scheduleOptions) => active().schedule(task, scheduleOptions),
      state: () => active().state(),
      config: configOf,
      configure,
      onState,
    },
  }
}
