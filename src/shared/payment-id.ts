export const maxPaymentIdLength = 128

export type IdCheck = { ok: true; id: string } | { ok: false; message: string }

// The service does not publish its ID format, so only what can never be an ID, or
// could change the request path, is refused: the rest is the service's call (404).
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f]/

export function checkPaymentId(raw: string): IdCheck {
  const id = raw.trim()
  if (id === '') return { ok: false, message: 'Enter a payment ID.' }
  // Whitespace first: a line break or tab means several IDs pasted from a list.
  if (/\s/.test(id)) return { ok: false, message: 'A payment ID has no spaces in it: check you pasted one ID only.' }
  if (id.length > maxPaymentIdLength) {
    return { ok: false, message: `A payment ID is at most ${maxPaymentIdLength} characters; this one has ${id.length}.` }
  }
  if (controlCharacters.test(id)) return { ok: false, message: 'The payment ID contains control characters: paste it again as plain text.' }
  // Half of a surrogate pair cannot be percent-encoded into the request path (URIError).
  if (/\p{Surrogate}/u.test(id)) return { ok: false, message: 'The payment ID contains a broken character: paste it again as plain text.' }
  if (/[/?#]/.test(id)) return { ok: false, message: 'A payment ID cannot contain "/", "?" or "#": paste the ID itself, not a link.' }
  if (id.includes('..')) return { ok: false, message: 'A payment ID cannot contain "..".' }
  if (!staysOneSegment(id)) return { ok: false, message: `"${id}" cannot be a payment ID: it would not name a payment in the request.` }
  return { ok: true, id }
}

/** Whether URL normalisation keeps `id`, encoded, as the one last segment of a path ("." and ".." it removes). */
export function staysOneSegment(id: string): boolean {
  const path = `/api/payment/${encodeURIComponent(id)}`
  return new URL(path, 'http://id.invalid').pathname === path
}
