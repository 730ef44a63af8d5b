import { defaultAccount } from '../src/shared/accounts'
import { createApiClient, type ApiClient } from '../src/main/api/api-client'
import { RequestLog } from '../src/main/request-log/request-log'
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
