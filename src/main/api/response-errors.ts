import { AppError } from '../../shared/app-error'
import { truncateText } from '../../shared/truncate-text'
import { formatCount } from '../../shared/format/number'
import { describeLimit, type ErrorBodyText } from './read-body'

// The service's own words reach the user inside our messages and are stored with batch
// results: a hostile or broken service must not make them megabytes long.
const maxServiceMessageChars = 1_000
const maxDetails = 20
const maxDetailChars = 300

/** The service's error body (section 7.1), as far as an answer follows it. */
export interface ServiceErrorBody {
  statusCode?: number
  message: string | string[]
  error?: string
}

/** The service's error body with its message and details bounded, or null when it is not one. */
export function parseServiceError(text: ErrorBodyText): ServiceErrorBody | null {
  if (typeof text !== 'string') return null
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    // A SyntaxError, or a RangeError on a body nested deeper than the parser goes.
    return null
  }
  if (typeof parsed !== 'object' || parsed === null) return null
  const { message, error, statusCode } = parsed as Record<string, unknown>
  const isMessage = typeof message === 'string' || (Array.isArray(message) && message.every((m) => typeof m === 'string'))
  if (!isMessage) return null
  return {
    message: typeof message === 'string' ? truncateText(message, maxServiceMessageChars) : boundedDetails(message),
    ...(typeof error === 'string' ? { error } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
  }
}

function boundedDetails(messages: string[]): string[] {
  const kept = messages.slice(0, maxDetails).map((m) => truncateText(m, maxDetailChars))
  if (messages.length <= maxDetails) return kept
  return [...kept, `… and ${formatCount(messages.length - maxDetails)} more messages (${formatCount(messages.length)} in all)`]
}

function describeBody(contentType: string | null, text: string): string {
  if (text.trim() === '') return 'an empty response'
  if (contentType?.includes('html') || /^\s*<(!doctype|html)/i.test(text))
    return 'an HTML page instead of JSON (often a proxy or maintenance page)'
  return isJson(text) ? 'JSON in a shape it does not document' : 'a response that is not JSON'
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

export function invalidResponse(status: number, contentType: string | null, text: ErrorBodyText): AppError {
  if (typeof text !== 'string') {
    return new AppError(
      'response-too-large',
      `The service answered HTTP ${status} with a body larger than ${describeLimit(text.tooLargeOver)}, far more than any error message. It was not read, so its message cannot be shown.`,
    )
  }
  return new AppError('invalid-response', `The service sent ${describeBody(contentType, text)} (HTTP ${status}).`)
}

/** A write the service answered 2xx was carried out: trying it again because the answer is unreadable would duplicate it. */
export function acceptedButUnreadable(status: number): AppError {
  return new AppError(
    'outcome-unknown',
    `The service accepted the request (HTTP ${status}), but its answer could not be read. It was probably carried out, so it was not retried automatically: check before trying again, to avoid a duplicate.`,
  )
}

/** Turns a non-2xx answer into the error the user sees. `method` decides what a 5xx means. */
export function errorForStatus(method: string, status: number, contentType: string | null, text: ErrorBodyText): AppError {
  const body = parseServiceError(text)
  // Each part is bounded already; the joined list is bounded as a whole too.
  const serviceMessage = body
    ? Array.isArray(body.message)
      ? truncateText(body.message.join('; '), maxServiceMessageChars)
      : body.message
    : null
  const said = serviceMessage ? `: ${serviceMessage}` : ''
  if (status === 401) {
    return new AppError('unauthorized', `The service refused the private key (401${said}).`)
  }
  if (status === 404) return new AppError('not-found', serviceMessage ?? 'Not found (404).')
  if (status === 429) {
    return new AppError('rate-limited', 'The service is still rate-limiting requests (429) after several waits.')
  }
  if (status >= 500) {
    if (method !== 'GET') {
      return new AppError(
        'outcome-unknown',
        `The service answered ${status} while processing this request. It may have been carried out anyway, so it was not retried automatically: check before trying again, to avoid a duplicate.`,
      )
    }
    if (!body) return invalidResponse(status, contentType, text)
    return new AppError('server-error', `The service had an internal error (${status}${said}) on every try.`)
  }
  if (!body) return invalidResponse(status, contentType, text)
  return new AppError(
    'bad-request',
    serviceMessage ?? `The service refused the request (${status}).`,
    Array.isArray(body.message) ? { details: body.message } : {},
  )
}

interface NetworkFailure {
  error: AppError
  /** Whether the request may have reached the service. */
  maybeSent: boolean
  /** Whether trying again could help. */
  transient: boolean
}

function causeCode(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    if ('code' in current && typeof current.code === 'string') return current.code
    current = 'cause' in current ? current.cause : undefined
  }
  return undefined
}

export function networkFailure(error: unknown, host: string): NetworkFailure {
  const code = causeCode(error)
  switch (code) {
    case 'ENOTFOUND':
      return {
        error: new AppError('network', `Could not find the server ${host}. Check the base URL in Settings and the internet connection.`),
        maybeSent: false,
        transient: false,
      }
    case 'EAI_AGAIN':
      return {
        error: new AppError('network', `Could not look up ${host} right now (DNS). Check the internet connection.`),
        maybeSent: false,
        transient: true,
      }
    case 'ECONNREFUSED':
      return {
        error: new AppError('network', `The server ${host} refused the connection: the service is down or the base URL is wrong.`),
        maybeSent: false,
        transient: true,
      }
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
      return {
        error: new AppError('network', `Could not connect to ${host} in time. Check the internet connection.`),
        maybeSent: false,
        transient: true,
      }
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return {
        error: new AppError(
          'network',
          `The certificate of ${host} could not be trusted (${code}), so nothing was sent. Check the base URL in Settings.`,
        ),
        maybeSent: false,
        transient: false,
      }
    default:
      return {
        error: new AppError(
          'network',
          `The connection to ${host} was cut before the service answered. Check the internet connection and try again.`,
        ),
        maybeSent: true,
        transient: true,
      }
  }
}
