import type { InvokeRequest, InvokeResponse } from '../../shared/contract/channels'
import type { Scheduler } from '../scheduler/scheduler'
import type { SettingsService } from './settings-service'

type SchedulerView = InvokeResponse<'getScheduler'>

export interface SchedulerService {
  /** The limits set and what the scheduler is doing now, for the Requests view and the diagnostics. */
  view: () => SchedulerView
  /** Saves the limits (settings.json keeps them) and applies them at once. */
  configure(patch: InvokeRequest<'configureScheduler'>): Promise<SchedulerView>
}

export function createSchedulerService(deps: { scheduler: Scheduler; settings: Pick<SettingsService, 'update'> }): SchedulerService {
  function view(): SchedulerView {
    const { ceiling, concurrency, headroom } = deps.scheduler.config()
    return { config: { ceiling, concurrency, headroom }, state: deps.scheduler.state() }
  }
  return {
    view,
    async configure(patch) {
      await deps.settings.update({ throttle: patch })
      return view()
    },
  }
}
