import { AppError, isAppError } from '../../shared/app-error'
import { boundJson } from '../../shared/json-bounds'
import { checkBaseUrl, type EnvironmentId } from '../../shared/environments'
import type { RequestLog } from '../request-log/request-log'
import { readRateLimitHeaders, type AnnouncedLimit } from '../scheduler/rate-limit-headers'
import type { Outcome, Priority, Scheduler, TaskContext } from '../scheduler/scheduler'
import { backoffDelay, defaultRetryPolicy, parseRetryAfter, sleep, type RetryPolicy } from './backoff'
import { defaultMaxBodyBytes, readBodyText, readErrorBodyText, type ErrorBodyText } from './read-body'
import { acceptedButUnreadable, errorForStatus, invalidResponse, networkFailure } from './response-errors'

export interface Connection {
  environment: EnvironmentId
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
}

export interface ApiClientOptions {
  scheduler: Scheduler
  log: RequestLog
  connection: (environment: EnvironmentId | undefined) => Promise<Connection>
  fetch?: typeof fetch
  timeoutMs?: number
  maxBodyBytes?: number
  retry?: Partial<RetryPolicy>
  random?: () => number
}

export interface ApiClient {
  /** The parsed JSON of a 2xx answer; anything else is an AppError. */
  send(request: ApiRequest): Promise<unknown>
}

export const defaultTimeoutMs = 15_000

type AttemptResult = { kind: 'done'; value: unknown } | { kind: 'retry'; error: AppError; retryAfterMs: number | null }

interface AttemptRecord {
  status: number | null
  errorCode: AppError['code'] | null
  outcome: Outcome
  retryAfterMs?: number
  announced?: AnnouncedLimit | null
}

const retryableStatuses = new Set([500, 502, 503, 504])

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
    const mayRetry = request.method === 'GET' && attempt < policy.maxAttempts
    try {
      const connection = await options.connection(request.environment)
      // Checked here too, not only in Settings: a hand-edited settings file must not send the key in clear text.
      const base = checkedBaseUrl(connection.baseUrl)
      if (!base.ok) throw new AppError('invalid-url', `${base.message} Check the base URL in Settings.`)
      const url = new URL(base.url + request.path)
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
        // Every body is read under the limit, error bodies included.
        text = isSuccess(response.status) ? await readBodyText(response, maxBodyBytes) : await readErrorBodyText(response, maxBodyBytes)
      } catch (error) {
        if (isAppError(error)) throw wroteButUnreadable(request, record.status) ? acceptedButUnreadable(record.status ?? 0) : error
        const failure = classifyFetchError(error, request, timeout.signal, url.host)
        record.errorCode = failure.error.code
        if (failure.error.code !== 'cancelled') record.outcome = 'error'
        if (failure.transient && mayRetry) return { kind: 'retry', error: failure.error, retryAfterMs: null }
        throw failure.error
      } finally {
        clearTimeout(timer)
      }
      return classifyResponse(request, response, text, attempt, record)
    } catch (error) {
      const appError = isAppError(error) ? error : new AppError('internal', 'Unexpected error while calling the service.', { cause: error })
      record.errorCode = appError.code
      // No answer at all (cancelled, refused, base URL refused): nothing to learn about the rate.
      if (record.status === null) record.outcome = 'error'
      throw appError
    } finally {
      ctx.report(record.outcome, {
        ...(record.retryAfterMs === undefined ? {} : { retryAfterMs: record.retryAfterMs }),
        ...(record.announced ? { announced: record.announced } : {}),
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
      })
    }
  }

  function classifyResponse(
    request: ApiRequest,
    response: Response,
    text: ErrorBodyText,
    attempt: number,
    record: AttemptRecord,
  ): AttemptResult {
    const status = response.status
    const contentType = response.headers.get('content-type')
    const mayRetry = request.method === 'GET' && attempt < policy.maxAttempts
    if (status >= 300 && status < 400) {
      const location = response.headers.get('location')
      const target = location ? ` to ${describeTarget(location)}` : ''
      throw new AppError(
        'redirect-refused',
        `The service answered with a redirect${target}. Payments Desk never follows redirects with your key: check the base URL in Settings.`,
      )
    }
    if (status === 429) {
      // Any method: a 429 means the request was not processed, so a retry is safe.
      record.outcome = 'rate-limited'
      record.errorCode = 'rate-limited'
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), Date.now())
      if (retryAfterMs !== null) record.retryAfterMs = retryAfterMs
      const error = errorForStatus(request.method, status, contentType, text)
      if (attempt >= policy.maxRateLimitedAttempts) throw error
      return { kind: 'retry', error, retryAfterMs }
    }
    if (status >= 500) {
      record.outcome = 'error'
      const error = errorForStatus(request.method, status, contentType, text)
      record.errorCode = error.code
      if (mayRetry && retryableStatuses.has(status)) return { kind: 'retry', error, retryAfterMs: null }
      throw error
    }
    if (isSuccess(status) && typeof text === 'string') {
      try {
        // Bounded here, the one place the service's JSON enters: nothing deeper or wider goes further.
        return { kind: 'done', value: boundJson(JSON.parse(text)) }
      } catch (parseError) {
        if (wroteButUnreadable(request, status)) throw acceptedButUnreadable(status)
        // A garbled 2xx is a transport fault: a GET can safely ask again.
        const error = parseError instanceof RangeError ? tooDeep(status) : invalidResponse(status, contentType, text)
        record.outcome = 'error'
        record.errorCode = error.code
        if (mayRetry) return { kind: 'retry', error, retryAfterMs: null }
        throw error
      }
    }
    throw errorForStatus(request.method, status, contentType, text)
  }

  function classifyFetchError(
    error: unknown,
    request: ApiRequest,
    timeout: AbortSignal,
    host: string,
  ): { error: AppError; transient: boolean } {
    if (request.signal?.aborted) return { error: new AppError('cancelled', 'The request was cancelled.'), transient: false }
    if (timeout.aborted) {
      if (request.method !== 'GET') {
        return {
          error: new AppError(
            'outcome-unknown',
            `The service did not answer within ${timeoutMs / 1000} s. The request may have been carried out anyway, so it was not retried automatically: check before trying again, to avoid a duplicate.`,
          ),
          transient: false,
        }
      }
      // Not retried: the timeout is how long the user agreed to wait, not a fraction of it.
      return { error: new AppError('timeout', `The service did not answer within ${timeoutMs / 1000} s.`), transient: false }
    }
    const failure = networkFailure(error, host)
    if (failure.maybeSent && request.method !== 'GET') {
      return {
        error: new AppError(
          'outcome-unknown',
          `${failure.error.message} The request may have reached the service, so it was not retried automatically: check before trying again, to avoid a duplicate.`,
        ),
        transient: false,
      }
    }
    return { error: failure.error, transient: failure.transient }
  }

  return {
    async send(request) {
      // The retry budget starts when the first attempt does: time spent queued behind a
      // long batch is the throttle's doing, not the service's.
      let firstAt: number | undefined
      for (let attempt = 1; ; attempt++) {
        const result = await options.scheduler.schedule(
          (ctx) => {
            firstAt ??= Date.now()
            return attemptOnce(request, attempt, ctx)
          },
          {
            priority: request.priority,
            // A retry goes ahead of first attempts of its priority, so it is not stuck behind a batch.
            retry: attempt > 1,
            ...(request.signal ? { signal: request.signal } : {}),
          },
        )
        if (result.kind === 'done') return result.value
        const delay = result.retryAfterMs ?? backoffDelay(policy, attempt, random)
        if (Date.now() + delay - (firstAt ?? Date.now()) > policy.maxTotalMs) throw result.error
        try {
          await sleep(delay, request.signal)
        } catch {
          throw new AppError('cancelled', 'The request was cancelled.')
        }
      }
    },
  }
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300
}

/** JSON.parse gives up (RangeError) on nesting deeper than its own stack. */
function tooDeep(status: number): AppError {
  return new AppError(
    'invalid-response',
    `The service sent JSON nested too deeply to read (HTTP ${status}); no payment record is. Try again; if it persists, check the base URL in Settings.`,
  )
}

function wroteButUnreadable(request: ApiRequest, status: number | null): boolean {
  return request.method !== 'GET' && status !== null && status >= 200 && status < 300
}

function describeTarget(location: string): string {
  try {
    return new URL(location).host
  } catch {
    return 'another address'
  }
}
