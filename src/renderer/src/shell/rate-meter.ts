import type { RequestLogEntry } from '../../../shared/contract/request-log-schema'
import type { SchedulerStateView } from '../../../shared/contract/scheduler-schema'

/** The span the sent rate is measured over: long enough to smooth a burst, short enough that idle reads 0 within seconds. */
export const sentWindowMs = 5_000

/** An entry the account's key went out with; null matches any account. */
const sentWith = (entry: RequestLogEntry, account: string | null): boolean =>
  entry.account !== null && (account === null || entry.account === account)

/**
 * Requests that left for the service per second, over the last sentWindowMs, with this account's
 * key: what is being sent, not what the throttle would allow. Entries are logged when they finish,
 * so their start times are only roughly in order: every one is looked at.
 */
export function sentPerSecond(entries: readonly RequestLogEntry[], now: number, account: string | null): number {
  let sent = 0
  for (const entry of entries) {
    if (entry.time > now - sentWindowMs && entry.time <= now && sentWith(entry, account)) sent += 1
  }
  return sent / (sentWindowMs / 1000)
}

/** When this account last met a 429; null when it has not. */
export function lastRateLimitedAt(entries: readonly RequestLogEntry[], account: string | null): number | null {
  let last: number | null = null
  for (const entry of entries) {
    if (entry.rateLimited && sentWith(entry, account) && (last === null || entry.time > last)) last = entry.time
  }
  return last
}

export interface KnownLimit {
  perSecond: number
  /** Where the number comes from, as the meter's tooltip says it. */
  source: string
}

/** The most the app will send: the limit the service announced or its 429s taught, when below the ceiling; else the ceiling. */
export function knownLimit(state: SchedulerStateView): KnownLimit {
  if (state.learnedLimit !== null && state.limitSource !== 'none' && state.learnedLimit < state.ceiling) {
    return {
      perSecond: state.learnedLimit,
      source: state.limitSource === 'headers' ? 'announced by the service' : "learnt from the service's 429s",
    }
  }
  return { perSecond: state.ceiling, source: 'the throttle ceiling' }
}
