import { defaultAccount } from '../../../src/shared/accounts'
import { expect } from 'vitest'
import { createApiClient, type ApiClient, type ApiClientOptions } from '../../../src/main/api/api-client'
import { RequestLog } from '../../../src/main/request-log/request-log'
import { createScheduler, type Scheduler, type SchedulerOptions } from '../../../src/main/scheduler/scheduler'
import { AppError } from '../../../src/shared/app-error'
import type { EnvironmentId } from '../../../src/shared/environments'

export interface Target {
  baseUrl: string
  apiKey: string
}

export interface ClientUnderTest {
  client: ApiClient
  log: RequestLog
  scheduler: Scheduler
  /** The environment asked for at each attempt. */
  connectionsAsked: (EnvironmentId | undefined)[]
}

export type ClientOverrides = Partial<Pick<ApiClientOptions, 'fetch' | 'timeoutMs' | 'maxBodyBytes' | 'retry' | 'random'>> & {
  scheduler?: SchedulerOptions
}

export const testKey = 'service_prod_TESTKEY_0123456789abcdef_never_in_a_log'

/** The real client, scheduler and log, as the app wires them, with fast retries. */
export function clientFor(target: Target, overrides: ClientOverrides = {}): ClientUnderTest {
  const { scheduler: schedulerOptions, retry, ...rest } = overrides
  // A generous rate so the throttle never decides a test's timing unless it means to.
  const scheduler = createScheduler({ initialRate: 200, ceiling: 200, ...schedulerOptions })
  const log = new RequestLog()
  const connectionsAsked: (EnvironmentId | undefined)[] = []
  const client = createApiClient({
    timeoutMs: 5_000,
    ...rest,
    retry: { baseDelayMs: 5, maxDelayMs: 20, ...retry },
    scheduler,
    log,
    connection: (environment) => {
      connectionsAsked.push(environment)
      return Promise.resolve({
        environment: environment ?? 'local',
        account: { ...defaultAccount },
        baseUrl: target.baseUrl,
        apiKey: target.apiKey,
      })
    },
  })
  return { client, log, scheduler, connectionsAsked }
}

/** Awaits a request that must fail, and returns its AppError. */
export async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  let value: unknown
  try {
    value = await promise
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    return error as AppError
  }
  throw new Error(`Expected the request to fail, but it returned ${JSON.stringify(value)}`)
}

/** Runs `work` and returns how long it took, in ms, with its result or error. */
export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now()
  const result = await work()
  return { ms: performance.now() - start, result }
}

/** The key must appear in nothing a user or a log can see. */
export function expectNoKey(key: string, ...seen: unknown[]): void {
  for (const value of seen) {
    const text = value instanceof Error ? `${value.message} ${JSON.stringify(value)}` : JSON.stringify(value)
    expect(text).not.toContain(key)
  }
}
