import { defaultAccount } from '../../../src/shared/accounts'
import { vi } from 'vitest'
import { createApiClient } from '../../../src/main/api/api-client'
import { RequestLog } from '../../../src/main/request-log/request-log'
import { createScheduler, type Scheduler, type SchedulerOptions } from '../../../src/main/scheduler/scheduler'
import { seededRandom } from '../../../src/sandbox/faults'
import { idealMs, type LimiterRun } from '../../helpers/limiter-shapes'
import type { Limiter } from '../../helpers/limiters'

export interface ShapeFigures {
  shape: string
  /** Ideal time over measured time for the same lookups. */
  ratio: number
  rate429: number
  lost: number
  requests: number
  seconds: number
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A fetch answered by `limiter` on the (fake) clock: a millisecond each way on the wire, and
 * `latencyMs` more for an admitted request, as the limiter server does. `sendJitter`, when
 * given, adds whole milliseconds on the way there, as real HTTP's send jitter does;
 * `latencyJitter` more to an admitted request's answer.
 */
export function limiterFetch(limiter: Limiter, latencyMs: number, sendJitter?: () => number, latencyJitter?: () => number): typeof fetch {
  return async () => {
    await sleep(1 + (sendJitter?.() ?? 0))
    const decision = limiter.decide(Date.now())
    const headers = new Headers({ 'Content-Type': 'application/json', ...decision.headers })
    if (!decision.allowed && decision.retryAfterSeconds !== undefined) headers.set('Retry-After', String(decision.retryAfterSeconds))
    await sleep(decision.allowed ? latencyMs + (latencyJitter?.() ?? 0) + 1 : 1)
    if (decision.allowed) limiter.done?.(Date.now())
    return new Response(decision.allowed ? '{"id":"pay_1"}' : '{"statusCode":429}', { status: decision.allowed ? 200 : 429, headers })
  }
}

/** The address a fetch was called with. */
export const urlOf = (input: Parameters<typeof fetch>[0]): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url

/** The real API client and scheduler, as the app wires them, in front of a fake fetch. */
export function virtualClient(doFetch: typeof fetch, scheduler: Scheduler = createScheduler()) {
  const log = new RequestLog()
  const client = createApiClient({
    scheduler,
    log,
    fetch: doFetch,
    // Deterministic jitter for the backoff after a 429 without Retry-After.
    random: () => 0.5,
    connection: () =>
      Promise.resolve({
        environment: 'local',
        account: { ...defaultAccount },
        baseUrl: 'http://127.0.0.1:9',
        apiKey: 'service_sandbox_virtual',
      }),
  })
  return { client, log, scheduler }
}

/** Runs until `work` settles, moving the fake clock from timer to timer. */
export async function runVirtually<T>(work: Promise<T>): Promise<T> {
  const progress = { finished: false }
  const all = work.finally(() => {
    progress.finished = true
  })
  while (!progress.finished) await vi.advanceTimersToNextTimerAsync()
  return all
}

export interface VirtualConditions {
  /** Up to this many whole ms of send delay per request, drawn from a generator seeded with `seed`. */
  jitterMs?: number
  seed?: number
  /** Instead: the send delay of the nth request sent (retries counted), from 0. */
  sendDelay?: (n: number) => number
}

/** Every lookup of the shape as a batch, in virtual time (vitest fake timers must be on). */
export async function runShape(
  shape: LimiterRun,
  options: SchedulerOptions = {},
  { jitterMs = 0, seed = 1, sendDelay }: VirtualConditions = {},
): Promise<ShapeFigures & { scheduler: Scheduler }> {
  const limiter = shape.make()
  const random = seededRandom(seed)
  let sent = 0
  const jitter = sendDelay ? () => sendDelay(sent++) : jitterMs > 0 ? () => Math.floor(random() * (jitterMs + 1)) : undefined
  const { client, log, scheduler } = virtualClient(
    limiterFetch(limiter, shape.latencyMs, jitter, latencyJitterOf(shape, seed)),
    createScheduler(options),
  )
  const started = Date.now()
  const results = await runVirtually(
    Promise.allSettled(
      Array.from({ length: shape.lookups }, (_, i) => client.send({ method: 'GET', path: `/api/payment/pay_${i}`, priority: 'batch' })),
    ),
  )
  const seconds = (Date.now() - started) / 1000
  const entries = log.snapshot()
  const rateLimited = entries.filter((entry) => entry.rateLimited).length
  return {
    shape: shape.name,
    ratio: Math.round((idealMs(shape) / 1000 / seconds) * 1000) / 1000,
    rate429: Math.round((rateLimited / entries.length) * 10_000) / 10_000,
    lost: results.filter((result) => result.status === 'rejected').length,
    requests: entries.length,
    seconds,
    scheduler,
  }
}

/** A seeded draw of up to the shape's latency jitter per admitted answer, or none. */
export function latencyJitterOf(shape: LimiterRun, seed: number): (() => number) | undefined {
  const most = shape.latencyJitterMs ?? 0
  if (most <= 0) return undefined
  const random = seededRandom(seed ^ 0x5bd1e995)
  return () => Math.floor(random() * (most + 1))
}
