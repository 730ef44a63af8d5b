import { expect } from 'vitest'
import type { RunningSandbox } from '../../src/sandbox'

export interface Reply {
  status: number
  headers: Headers
  text: string
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown
}

export interface CallOptions {
  /** Sent as JSON. */
  body?: unknown
  /** Sent as is, for bodies that must not be JSON. */
  rawBody?: string
  headers?: Record<string, string>
  /** The X-Service-Api-Key to send; null sends none. Defaults to the sandbox's key. */
  key?: string | null
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

export async function call(sandbox: RunningSandbox, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const key = options.key === undefined ? sandbox.apiKey : options.key
  const headers: Record<string, string> = { accept: 'application/json' }
  if (key !== null) headers['x-service-api-key'] = key
  let body: string | undefined
  if (options.rawBody !== undefined) body = options.rawBody
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body)
    headers['content-type'] = 'application/json'
  }
  const response = await fetch(`${sandbox.baseUrl}${path}`, { method, headers: { ...headers, ...options.headers }, body })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, json: parseJson(text) }
}

/** Shorthands bound to one sandbox, sending its key. */
export function apiClient(sandbox: RunningSandbox) {
  return {
    get: (path: string, options?: CallOptions) => call(sandbox, 'GET', path, options),
    post: (path: string, body?: unknown, options?: CallOptions) => call(sandbox, 'POST', path, { body, ...options }),
    put: (path: string, body?: unknown, options?: CallOptions) => call(sandbox, 'PUT', path, { body, ...options }),
  }
}

export type ApiClient = ReturnType<typeof apiClient>

// Written out from section 7.2 of the API document (and RFC 9110 for the rest), so a
// change in Node's status table cannot move the expectation.
const statusNames: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
}

/** Asserts the service's error body: JSON `{ statusCode, message, error }` and nothing else. */
export function expectErrorBody(
  reply: { status: number; text: string; contentType: string | null | undefined },
  status: number,
  message?: string | string[] | RegExp,
): void {
  expect(reply.status, reply.text).toBe(status)
  expect(reply.contentType).toMatch(/^application\/json\b/)
  expect(reply.text).not.toMatch(/<html|\n\s+at |\.ts:\d+/i)
  const body = JSON.parse(reply.text) as Record<string, unknown>
  expect(Object.keys(body).sort()).toEqual(['error', 'message', 'statusCode'])
  expect(body.statusCode).toBe(status)
  expect(body.error).toBe(statusNames[status])
  const actual = body.message
  if (Array.isArray(actual)) {
    expect(actual.length).toBeGreaterThan(0)
    for (const line of actual) expect(typeof line).toBe('string')
  } else {
    expect(typeof actual).toBe('string')
    expect(actual).not.toBe('')
  }
  if (message instanceof RegExp) expect(Array.isArray(actual) ? actual.join('\n') : actual).toMatch(message)
  else if (message !== undefined) expect(actual).toEqual(message)
}

/** expectErrorBody for a fetch reply. */
export function expectError(reply: Reply, status: number, message?: string | string[] | RegExp): void {
  expectErrorBody({ status: reply.status, text: reply.text, contentType: reply.headers.get('content-type') }, status, message)
}
