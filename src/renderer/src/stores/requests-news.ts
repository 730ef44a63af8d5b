import type { RequestLogEntry } from '../../../shared/contract/request-log-schema'
import type { SchedulerStateView } from '../../../shared/contract/scheduler-schema'
import { formatDuration } from '../../../shared/format/duration'
import { announce } from '../shell/announcer'
import type { StoreScope } from './create-store'
import { useNavigation } from './navigation-store'
import { plural } from '../../../shared/format/plural'

// A burst of 429s is one sentence, not one per request: the screen reader would still be reading the first.
const gatherMs = 2_000

const pausedAt = (state: SchedulerStateView | null, now: number): boolean => state?.pausedUntil != null && state.pausedUntil > now

/**
 * What the Requests screen and the throttle indicator flag as it happens, said politely: the
 * 429s the log gains while the Requests screen is open, and the throttle's pause on any screen
 * (the indicator is in the header of every one).
 */
export function requestsNews(scope: StoreScope) {
  let unsaid = 0
  let stop: (() => void) | null = null
  return {
    logged(fresh: readonly RequestLogEntry[]): void {
      const limited = fresh.filter((entry) => entry.rateLimited).length
      if (limited === 0 || useNavigation.getState().view !== 'requests') return
      unsaid += limited
      if (stop !== null) return
      const timer = setTimeout(() => {
        const count = unsaid
        stop?.()
        announce(`${plural(count, { one: 'request', other: 'requests' })} got 429 Too Many Requests.`)
      }, gatherMs)
      // Owned by the store, so a reset forgets what was gathered.
      stop = scope.own(() => {
        clearTimeout(timer)
        stop = null
        unsaid = 0
      })
    },
    scheduler(before: SchedulerStateView | null, after: SchedulerStateView): void {
      const now = Date.now()
      if (pausedAt(before, now) || !pausedAt(after, now)) return
      announce(`The service answered 429: every request waits ${formatDuration((after.pausedUntil ?? now) - now)}.`)
    },
  }
}
