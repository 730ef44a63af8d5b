import { AppError } from '../../shared/app-error'

// What the service sends back is not trusted to leave out the key it was sent, or a webhook
// secret it once issued: a 401 may quote the key, a proxy may echo a header. Both are removed
// from its answers before they become an error, a log line or a stored result.

export const removedKey = '[removed: the key in use]'
export const removedSecret = '[removed: a webhook secret]'

// The kind of key stays readable elsewhere (the log scrubber); here the part after it is what must go.
const knownPrefix = /^(?:service_(?:pub_)?(?:prod_|sandbox_|test_)?|whsec_)/
/** Shorter tails would match by chance. */
const minTail = 16

const hexClass = (hex: string) => hex.replace(/[a-f]/gi, (digit) => `[${digit.toLowerCase()}${digit.toUpperCase()}]`)

/** One character as it is, percent-encoded (once or more: `%25` before), or as a `\u` escape (behind any backslashes). */
function charPattern(char: string): string {
  const code = char.codePointAt(0) ?? 0
  const literal = char.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')
  if (code > 0xff) return literal
  const hex = code.toString(16).padStart(2, '0')
  return `(?:${literal}|%(?:25)*${hexClass(hex)}|\\\\+u00${hexClass(hex)})`
}

/** The forms of a secret to look for: itself, the part after its known prefix, its base64. */
function formsOf(secret: string): string[] {
  const tail = secret.replace(knownPrefix, '')
  return [secret, ...(tail !== secret && tail.length >= minTail ? [tail] : []), Buffer.from(secret).toString('base64')]
}

export type Redact = (text: string) => string

/** Removes `key` and each of `secrets` from a text, in any of the forms above. */
export function secretRedactor(key: string, secrets: readonly string[]): Redact {
  const rules = [
    ...(key.length >= minTail ? [{ secret: key, marker: removedKey }] : []),
    ...secrets.filter((secret) => secret.length >= minTail).map((secret) => ({ secret, marker: removedSecret })),
  ].map(({ secret, marker }) => ({
    // Longest form first, so the whole secret goes, not only its tail.
    pattern: new RegExp(
      formsOf(secret)
        .map((form) => Array.from(form, charPattern).join(''))
        .join('|'),
      'g',
    ),
    marker,
  }))
  return (text) => rules.reduce((out, { pattern, marker }) => out.replace(pattern, marker), text)
}

/** A parsed answer with every string (and key) redacted. */
export function redactValue(value: unknown, redact: Redact): unknown {
  if (typeof value === 'string') return redact(value)
  if (Array.isArray(value)) return value.map((item) => redactValue(item, redact))
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [redact(name), redactValue(item, redact)]))
  return value
}

/** The error with its message and details redacted; its cause, which may quote the answer, dropped if anything was removed. */
export function redactError(error: AppError, redact: Redact): AppError {
  const message = redact(error.message)
  const details = error.details?.map(redact)
  const changed = message !== error.message || details?.some((line, i) => line !== error.details?.[i])
  if (!changed) return error
  return new AppError(error.code, message, details ? { details } : undefined)
}
