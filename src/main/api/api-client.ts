import { AppError, isAppError } from '../../shared/app-error'
import type { Account } from '../../shared/accounts'
import { checkBaseUrl, type EnvironmentId } from '../../shared/environments'
import type { RequestLog } from '../request-log/request-log'
import { readAnnouncedLimits, readRateLimitHeaders } from '../scheduler/rate-limit-headers'
import { shownPauseMs } from '../scheduler/pauses'
import { askedToWait, refusedRepeatedly } from '../scheduler/queue-item'
import type { Priority, Scheduler, TaskContext } from '../scheduler/scheduler'
import { backoffDelay, defaultRetryPolicy, sleep, type RetryPolicy } from './backoff'
import { defaultMaxBodyBytes, readBodyText, readErrorBodyText, type ErrorBodyText } from './read-body'
import { redactError, redactValue, secretRedactor, type Redact } from './redact-secrets'
import { acceptedButUnreadable } from './response-errors'
import {
  classifyFetchError,
  classifyResponse,
  isSuccess,
  wroteButUnreadable,
  type AttemptRecord,
  type AttemptResult,
} from './response-outcome'

export interface Connection {
  environment: EnvironmentId
  /** The merchant account whose key this is. */
  account: Account
  baseUrl: string
  /** Read from the keychain for this attempt only. */
  apiKey: string
}

export interface ApiRequest {
  method: 'GET' | 'POST'
  /** Starts with '/'; every ID in it already encoded as one segment. */
  path: string
  body?: unknown
  priority: Priority
  signal?: AbortSignal
  /** Defaults to the active environment, read at each attempt. */
  environment?: EnvironmentId
  /** One of the environment's accounts; the one in use there when absent. */
  account?: string
  /** The answer hands over a webhook secret by design (a registration): stored secrets are not removed from it, the key still is. */
  returnsSecret?: boolean
  /** The user chose to send it past a wait the service asked for (see 'service-asked-to-wait'). */
  sendAnyway?: boolean
}

export interface ApiClientOptions {
  /** One scheduler for all, or the one of the account a request is for (each key has its own limit). */
  scheduler: Scheduler | ((request: ApiRequest) => Scheduler)
  log: RequestLog
  connection: (environment: EnvironmentId | undefined, account: string | undefined) => Promise<Connection>
  fetch?: typeof fetch
  timeoutMs?: number
  maxBodyBytes?: number
  retry?: Partial<RetryPolicy>
  random?: () => number
  /** The webhook secrets to remove from answers, besides the key in use. */
  webhookSecrets?: () => Promise<readonly string[]>
}

export interface ApiClient {
  /** The parsed JSON of a 2xx answer; anything else is an AppError. */
  send(request: ApiRequest): Promise<unknown>
}

export const defaultTimeoutMs = 15_000
/** An interactive lookup not sent within this long is given up: the user is told, not left watching a spinner. */
export const interactiveDeadlineMs = 30_000

/**
 * The one module that talks to the service. Each attempt waits its turn in the
 * scheduler, is logged, and is retried only when that cannot do harm.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs
  const maxBodyBytes = options.maxBodyBytes ?? defaultMaxBodyBytes
  const policy = { ...defaultRetryPolicy, ...options.retry }
  const random = options.random ?? Math.random

  // The same base URL comes with every request: check it once per value.
  let lastBase: { raw: string; checked: ReturnType<typeof checkBaseUrl> } | undefined
  function checkedBaseUrl(raw: string): ReturnType<typeof checkBaseUrl> {
    if (lastBase?.raw !== raw) lastBase = { raw, checked: checkBaseUrl(raw) }
    return lastBase.checked
  }

  async function attemptOnce(request: ApiRequest, attempt: number, ctx: TaskContext): Promise<AttemptResult> {
    const startedAt = Date.now()
    const started = performance.now()
    const record: AttemptRecord = { status: null, errorCode: null, outcome: 'ok' }
    let account: string | null = null
    let redact: Redact | null = null
    const mayRetry = request.method === 'GET' && attempt < policy.maxAttempts
    try {
      const connection = await options.connection(request.environment, request.account)
      account = connection.account.name
      redact = secretRedactor(connection.apiKey, request.returnsSecret ? [] : ((await options.webhookSecrets?.()) ?? []))
      // Checked here too, not only in Settings: a hand-edited settings file must not send the key in clear text.
      const base = checkedBaseUrl(connection.baseUrl)
      if (!base.ok) throw new AppError('invalid-url', `${base.message} Check the base URL in Settings.`)
      const url = new URL(base.url + request.path)
      // A dot segment ("/api/payment/.") would be normalised away: another resource than the one built.
      if (url.pathname !== new URL(base.url).pathname.replace(/\/$/, '') + request.path.replace(/\?.*$/s, ''))
        throw new AppError('invalid-id', `The request path ${request.path} would not reach what it names: nothing was sent.`)
      // A timer of our own rather than AbortSignal.timeout: it is cleared the moment the
      // answer is read, and a test's fake clock can drive it.
      const timeout = new AbortController()
      const timer = setTimeout(() => {
        timeout.abort(new DOMException(`No answer within ${timeoutMs} ms.`, 'TimeoutError'))
      }, timeoutMs)
      const signal = request.signal ? AbortSignal.any([timeout.signal, request.signal]) : timeout.signal
      let response: Response
      let text: ErrorBodyText
      try {
        response = await doFetch(url, {
          method: request.method,
          redirect: 'manual',
          signal,
          headers: {
            'X-Service-Api-Key': connection.apiKey,
            'Content-Type': 'application/json',
            Accept: 'application/json',
          },
          ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        })
        record.status = response.status
        // Every answer, 429 or not, may say where the key stands against the limit.
        record.announced = readRateLimitHeaders(response.headers, Date.now())
        record.limits = readAnnouncedLimits(response.headers, Date.now())
        // Every body is read under the limit, error bodies included.
        text = isSuccess(response.status) ? await readBodyText(response, maxBodyBytes) : await readErrorBodyText(response, maxBodyBytes)
      } catch (error) {
        if (isAppError(error)) throw wroteButUnreadable(request, record.status) ? acceptedButUnreadable(record.status ?? 0) : error
        const failure = classifyFetchError(error, request, timeout.signal, url.host, timeoutMs)
        record.errorCode = failure.error.code
        if (failure.error.code !== 'cancelled') record.outcome = 'error'
        if (failure.transient && mayRetry) return { kind: 'retry', error: failure.error, retryAfterMs: null }
        throw failure.error
      } finally {
        clearTimeout(timer)
      }
      const result = classifyResponse(request, response, text, attempt, record, policy)
      if (result.kind === 'done') return { kind: 'done', value: redactValue(result.value, redact) }
      return { ...result, error: redactError(result.error, redact) }
    } catch (error) {
      const caught = isAppError(error) ? error : new AppError('internal', 'Unexpected error while calling the service.', { cause: error })
      const appError = redact ? redactError(caught, redact) : caught
      record.errorCode = appError.code
      // No answer at all (cancelled, refused, base URL refused): nothing to learn about the rate.
      if (record.status === null) record.outcome = 'error'
      throw appError
    } finally {
      ctx.report(record.outcome, {
        ...(record.retryAfterMs === undefined ? {} : { retryAfterMs: record.retryAfterMs }),
        ...(record.retryAfterHeader === undefined ? {} : { retryAfterHeader: record.retryAfterHeader }),
        ...(record.announced ? { announced: record.announced } : {}),
        ...(record.limits && record.limits.length > 0 ? { limits: record.limits } : {}),
      })
      options.log.add({
        time: startedAt,
        method: request.method,
        path: request.path,
        status: record.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        attempt,
        queuedMs: ctx.queuedMs,
        rateLimited: record.status === 429,
        errorCode: record.errorCode,
        priority: request.priority,
        account,
      })
    }
  }

  return {
    async send(request) {
      // The retry budget starts when the first attempt does: time spent queued behind a
      // long batch is the throttle's doing, not the service's.
      let firstAt: number | undefined
      const interactive = request.priority === 'interactive'
      for (let attempt = 1; ; attempt++) {
        const scheduler = typeof options.scheduler === 'function' ? options.scheduler(request) : options.scheduler
        const result = await scheduler.schedule(
          (ctx) => {
            firstAt ??= Date.now()
            return attemptOnce(request, attempt, ctx)
          },
          {
            priority: request.priority,
            // A retry goes ahead of first attempts of its priority, so it is not stuck behind a batch.
            retry: attempt > 1,
            ...(request.signal ? { signal: request.signal } : {}),
            ...(interactive ? { answerIfPausedMs: shownPauseMs, deadlineMs: interactiveDeadlineMs } : {}),
            ...(request.sendAnyway === true && attempt === 1 ? { sendAnyway: true } : {}),
          },
        )
        if (result.kind === 'done') return result.value
        const waitMs = result.retryAfterMs ?? backoffDelay(policy, attempt, random)
        // Batch work refused with a Retry-After goes back to the throttle at once, ahead of first
        // attempts: the throttle's pause holds a shut service's Retry-After for everyone, and its
        // pace fell at the 429. Waiting here as well left the last of a batch idle for a second
        // (a bucket's `Retry-After: 1`) after the rest was done.
        const backToThrottle = !interactive && result.error.code === 'rate-limited' && result.retryAfterMs !== null
        const delay = backToThrottle ? 0 : waitMs
        // Someone is watching an interactive lookup: a long wait is said at once, not sat through.
        if (interactive && result.retryAfterMs !== null && delay > shownPauseMs)
          throw askedToWait(delay, result.retryAfterHeader ?? 'Retry-After')
        // From the first attempt to the end of this wait, whether it is waited here or in the throttle.
        const spentMs = Date.now() + waitMs - (firstAt ?? Date.now())
        // Short waits that add up are said too, once they come to a long one.
        if (interactive && result.error.code === 'rate-limited' && spentMs > shownPauseMs)
          throw refusedRepeatedly(attempt, delay, result.retryAfterHeader ?? null)
        const heldBack = result.error.code === 'rate-limited' || result.retryAfterMs !== null
        const budget = heldBack && !interactive ? policy.maxHeldBackMs : policy.maxTotalMs
        if (spentMs > budget) throw result.error
        try {
          await sleep(delay, request.signal)
        } catch {
          throw new AppError('cancelled', 'The request was cancelled.')
        }
      }
    },
  }
}
