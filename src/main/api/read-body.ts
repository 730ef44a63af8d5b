import { AppError, isAppError } from '../../shared/app-error'

export const defaultMaxBodyBytes = 2 * 1024 * 1024

/**
 * Reads a response body up to `maxBytes`, as strict UTF-8. Stops reading (and drops
 * the connection) the moment the limit is passed, so a huge answer cannot fill memory.
 */
export async function readBodyText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (declared > maxBytes) {
    await response.body?.cancel()
    throw tooLarge(maxBytes)
  }
  if (!response.body) return ''
  // A declared length within the limit is enforced by the HTTP parser, so the body can be
  // read in one go; not when compressed, since the length is then the compressed size.
  const whole = Number.isFinite(declared) && !response.headers.has('content-encoding')
  const bytes = whole
    ? new Uint8Array(await response.arrayBuffer())
    : await readCapped(response.body as ReadableStream<Uint8Array>, maxBytes)
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new AppError(
      'invalid-response',
      'The service sent a response that is not valid text (invalid UTF-8). Try again; if it persists, the service or a proxy in between is faulty.',
    )
  }
}

/** An error body past the byte limit, left unread: its status still says what happened. */
export interface UnreadBody {
  tooLargeOver: number
}

export type ErrorBodyText = string | UnreadBody

/**
 * The body of an answer that is not a success, under the same limit: past it, the body is
 * left unread instead of failing the request, so a 404 or a 429 still means what it says.
 */
export async function readErrorBodyText(response: Response, maxBytes: number): Promise<ErrorBodyText> {
  try {
    return await readBodyText(response, maxBytes)
  } catch (error) {
    if (isAppError(error) && error.code === 'response-too-large') return { tooLargeOver: maxBytes }
    throw error
  }
}

async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw tooLarge(maxBytes)
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** The byte limit in words: "2 MB". */
export function describeLimit(maxBytes: number): string {
  return maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / 1024 / 1024)} MB` : `${Math.round(maxBytes / 1024)} kB`
}

function tooLarge(maxBytes: number): AppError {
  return new AppError(
    'response-too-large',
    `The service sent a response larger than ${describeLimit(maxBytes)}, far more than any payment record. It was not read. Check the base URL in Settings.`,
  )
}
