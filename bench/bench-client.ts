import { defaultAccount } from '../src/shared/accounts'
import { createApiClient, type ApiClient } from '../src/main/api/api-client'
import { RequestLog } from '../src/main/request-log/request-log'
import type { RequestLogEntry } from '../src/shared/contract/request-log-schema'
import { createScheduler, type SchedulerOptions } from '../src/main/scheduler/scheduler'

/** The app's main-process request path as it wires it (API client, scheduler, request log), pointed at a server. */
export function clientFor(server: { baseUrl: string; apiKey: string }, options: SchedulerOptions): { client: ApiClient; log: RequestLog } {
  const log = new RequestLog()
  const client = createApiClient({
    scheduler: createScheduler(options),
    log,
    connection: () =>
      Promise.resolve({ environment: 'local', account: { ...defaultAccount }, baseUrl: server.baseUrl, apiKey: server.apiKey }),
  })
  return { client, log }
}

/** 429s of requests sent once an answer (and whatever limit it announced) had come back. */
export function refusedAfterFirstAnswer(entries: readonly RequestLogEntry[]): number {
  const firstAnswerAt = Math.min(...entries.map((entry) => entry.time + entry.durationMs))
  return entries.filter((entry) => entry.rateLimited && entry.time >= firstAnswerAt).length
}
