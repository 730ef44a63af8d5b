import type { IncomingMessage, ServerResponse } from 'node:http'
import { STATUS_CODES } from 'node:http'

export const maxBodyBytes = 1024 * 1024
/** class-transformer and class-validator recurse once per level: far deeper bodies overflow the stack. */
export const maxBodyDepth = 32

export interface ErrorBody {
  statusCode: number
  message: string | string[]
  error: string
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: string | string[],
    readonly headers: Record<string, string> = {},
  ) {
    super(Array.isArray(body) ? body.join('; ') : body)
  }
}

export function errorBody(statusCode: number, message: string | string[]): ErrorBody {
  return { statusCode, message, error: STATUS_CODES[statusCode] ?? 'Error' }
}

export function sendJson(res: ServerResponse, statusCode: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body)
  res.writeHead(statusCode, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  })
  res.end(text)
}

export function sendError(res: ServerResponse, error: HttpError): void {
  sendJson(res, error.statusCode, errorBody(error.statusCode, error.body), error.headers)
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > maxBodyBytes) throw new HttpError(413, `Request body is larger than ${maxBodyBytes} bytes`)
  const chunks: Buffer[] = []
  let size = 0
  // Past the limit, keep reading and drop the rest: leaving the loop early destroys the
  // request and its socket, and the caller would get a reset instead of the 413.
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size <= maxBodyBytes) chunks.push(chunk)
  }
  if (size > maxBodyBytes) throw new HttpError(413, `Request body is larger than ${maxBodyBytes} bytes`)
  return Buffer.concat(chunks).toString('utf8')
}

/** Reads a JSON object body; anything else is a 400 that says what was wrong. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const contentType = req.headers['content-type'] ?? ''
  // Not 415: a body sent as anything but JSON is a body that is not JSON, which is a 400.
  if (contentType && !/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw new HttpError(400, 'Request body is not JSON: send a JSON object with Content-Type: application/json')
  }
  const text = await readBody(req)
  if (text.trim() === '') throw new HttpError(400, 'Request body is empty: expected a JSON object')
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new HttpError(400, 'Request body must be a JSON object')
  }
  if (deeperThan(parsed, maxBodyDepth)) throw new HttpError(400, `Request body is nested more than ${maxBodyDepth} levels deep`)
  return parsed as Record<string, unknown>
}

/** Walked without recursion: the body may be nested far deeper than the call stack. */
function deeperThan(value: object, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]]
  while (stack.length > 0) {
    const [current, depth] = stack.pop() ?? [null, 0]
    if (current === null || typeof current !== 'object') continue
    if (depth > limit) return true
    for (const item of Object.values(current)) stack.push([item, depth + 1])
  }
  return false
}
