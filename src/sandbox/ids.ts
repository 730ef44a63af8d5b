import { randomBytes } from 'node:crypto'

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'
const idLength = 22
// The largest multiple of 62 a byte can hold: bytes at or above it are dropped, since
// byte % 62 would make the first 8 characters more likely than the rest.
const unbiasedBelow = 256 - (256 % alphabet.length)

/**
 * A prefixed random identifier in the style of `pay_4fT...`: URL-safe, 22 characters of
 * 62, about 131 bits from the OS's CSPRNG, so no ID (and no checkout page) can be guessed.
 */
export function newId(prefix: string): string {
  let out = ''
  while (out.length < idLength) {
    for (const byte of randomBytes(idLength + 8)) {
      if (byte < unbiasedBelow && out.length < idLength) out += alphabet.charAt(byte % alphabet.length)
    }
  }
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
