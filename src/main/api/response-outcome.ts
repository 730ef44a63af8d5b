import { AppError } from '../../shared/app-error'
import { boundJson } from '../../shared/json-bounds'
import type { AnnouncedLimit } from '../scheduler/rate-limit-headers'
import type { Outcome } from '../scheduler/scheduler'
import type { ApiRequest } from './api-client'
import { parseRetryAfter, type RetryPolicy } from './backoff'
import type { ErrorBodyText } from './read-body'
import { acceptedButUnreadable, errorForStatus, invalidResponse, networkFailure } from './response-errors'

/** What one attempt's answer, or its failure to arrive, means for the client: a value, a retry, or an error. */

export type AttemptResult =
  { kind: 'done'; value: unknown } | { kind: 'retry'; error: AppError; retryAfterMs: number | null; retryAfterHeader?: string }

export interface AttemptRecord {
  status: number | null
  errorCode: AppError['code'] | null
  outcome: Outcome
  retryAfterMs?: number
  /** The Retry-After header as sent. */
  retryAfterHeader?: string
  announced?: AnnouncedLimit | null
  limits?: AnnouncedLimit[]
}

const retryableStatuses = new Set([500, 502, 503, 504])

export function classifyResponse(
  request: ApiRequest,
  response: Response,
  text: ErrorBodyText,
  attempt: number,
  record: AttemptRecord,
  policy: RetryPolicy,
): AttemptResult {
  const status = response.status
  const contentType = response.headers.get('content-type')
  const mayRetry = request.method === 'GET' && attempt < policy.maxAttempts
  // Batch work held back is bounded by time (maxHeldBackMs), not by tries: nobody is watching each one.
  const interactive = request.priority === 'interactive'
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
    const retryAfterMs = readRetryAfter(response, record)
    const error = errorForStatus(request.method, status, contentType, text)
    if (interactive && attempt >= policy.maxRateLimitedAttempts) throw error
    return { kind: 'retry', error, retryAfterMs, ...said(record) }
  }
  if (status >= 500) {
    record.outcome = 'error'
    // An outage that says when to come back: the scheduler pauses everyone until then, and the GET is retried after it.
    const retryAfterMs = readRetryAfter(response, record)
    const error = errorForStatus(request.method, status, contentType, text)
    record.errorCode = error.code
    // Told when to come back, a GET waits (paused with everyone) rather than spends its tries on the outage.
    const attempts = retryAfterMs === null ? policy.maxAttempts : interactive ? policy.maxRateLimitedAttempts : Number.POSITIVE_INFINITY
    if (request.method === 'GET' && attempt < attempts && retryableStatuses.has(status))
      return { kind: 'retry', error, retryAfterMs, ...said(record) }
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

/** Retry-After, kept on the record for the scheduler (capped there) with the header as sent. */
function readRetryAfter(response: Response, record: AttemptRecord): number | null {
  // @nestjs/throttler's named throttlers send Retry-After-<name> (and a blockDuration's wait in it): the longest holds.
  let found: { ms: number; header: string } | null = null
  response.headers.forEach((value, key) => {
    if (key !== 'retry-after' && !key.startsWith('retry-after-')) return
    const ms = parseRetryAfter(value, Date.now())
    // Bounded: it is shown on screen, and a valid one is a date or a number of seconds.
    const name = key === 'retry-after' ? 'Retry-After' : `Retry-After${key.slice('retry-after'.length, 'retry-after'.length + 65)}`
    if (ms !== null && (found === null || ms > found.ms)) found = { ms, header: `${name}: ${value.trim().slice(0, 64)}` }
  })
  const longest = found as { ms: number; header: string } | null
  if (longest === null) return null
  record.retryAfterMs = longest.ms
  record.retryAfterHeader = longest.header
  return longest.ms
}

const said = (record: AttemptRecord) => (record.retryAfterHeader === undefined ? {} : { retryAfterHeader: record.retryAfterHeader })

export function classifyFetchError(
  error: unknown,
  request: ApiRequest,
  timeout: AbortSignal,
  host: string,
  timeoutMs: number,
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

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300
}

/** JSON.parse gives up (RangeError) on nesting deeper than its own stack. */
function tooDeep(status: number): AppError {
  return new AppError('invalid-response', `The service sent JSON nested too deeply to read (HTTP ${status}); no payment record is.`)
}

export function wroteButUnreadable(request: ApiRequest, status: number | null): boolean {
  return request.method !== 'GET' && status !== null && status >= 200 && status < 300
}

function describeTarget(location: string): string {
  try {
    return new URL(location).host
  } catch {
    return 'another address'
  }
}
