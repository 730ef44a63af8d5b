import { randomBytes } from 'node:crypto'

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** A prefixed random identifier in the style of `pay_4fT...`: URL-safe, 22 random characters. */
export function newId(prefix: string): string {
  const bytes = randomBytes(22)
  let out = ''
  for (const byte of bytes) out += alphabet.charAt(byte % alphabet.length)
  return `${prefix}_${out}`
}

export const maxIdLength = 128
const idPattern = /^[A-Za-z0-9_-]+$/

export type IdCheck = { ok: true; id: string } | { ok: false; reason: string }

/**
 * Decodes one path segment and checks it as a resource ID. Encoded slashes, dots,
 * NUL and other control characters never reach a lookup.
 */
export function checkIdSegment(segment: string): IdCheck {
  let id: string
  try {
    id = decodeURIComponent(segment)
  } catch {
    return { ok: false, reason: 'id is not valid percent-encoding' }
  }
  if (id.length === 0) return { ok: false, reason: 'id should not be empty' }
  if (id.length > maxIdLength) return { ok: false, reason: `id must be shorter than or equal to ${maxIdLength} characters` }
  if (!idPattern.test(id)) return { ok: false, reason: 'id must contain only letters, digits, "_" and "-"' }
  return { ok: true, id }
}
