import type { RequestLogEntry } from '../../../src/shared/contract/request-log-schema'
import type { SchedulerStateView } from '../../../src/shared/contract/scheduler-schema'

let nextId = 1

/** A log entry with sensible defaults; IDs keep growing across calls, as in the real log. */
export function entry(overrides: Partial<RequestLogEntry> = {}): RequestLogEntry {
  const id = overrides.id ?? nextId++
  return {
    id,
    time: Date.now(),
    method: 'GET',
    path: `/api/payment/pay_${id}`,
    status: 200,
    durationMs: 42,
    attempt: 1,
    queuedMs: 0,
    rateLimited: false,
    errorCode: null,
    priority: 'interactive',
    account: 'Default',
    ...overrides,
  }
}

export function rateLimited(overrides: Partial<RequestLogEntry> = {}): RequestLogEntry {
  return entry({ status: 429, rateLimited: true, errorCode: 'rate-limited', ...overrides })
}

export function schedulerState(overrides: Partial<SchedulerStateView> = {}): SchedulerStateView {
  return {
    rate: 20,
    ceiling: 100,
    learnedLimit: null,
    limitSource: 'none',
    windowMs: null,
    phase: 'discover',
    headroom: 0.1,
    batchRate: 18,
    inFlightCap: null,
    inFlightHeld: null,
    resumedFrom: null,
    tokens: 2,
    burst: 2,
    concurrency: 20,
    inFlight: 0,
    queued: { interactive: 0, batch: 0, total: 0 },
    pausedUntil: null,
    pause: null,
    announced: [],
    headersDistrusted: false,
    ...overrides,
  }
}
