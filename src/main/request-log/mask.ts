// E-mail addresses in text the app keeps or writes out (request log paths, exports,
// audit details) become `a***@example.com`: enough to recognise, not to reuse.
//
// One hand-written pass instead of a regular expression: every pattern that finds the
// local part before an `@` backtracks over long runs of local-part characters, and
// masking runs on whatever a server or a pasted file puts in front of it. Each
// character is read at most three times, so the cost is linear in the text.
//
// An address here is a run of local-part characters, an at-sign, and a domain that starts
// with a letter or digit (a dotless `ada@localhost` too: masking too much is the safe
// side). Non-ASCII letters count (`zoë@bücher.example`), and so do the
// encodings a logged path or a JSON string uses for the at-sign and for non-ASCII:
// `%40` (or `%2540` when an ID that already held `%40` was encoded again), `%C3%AB`,
// `\u0040`, `\u00eb`. Not covered: quoted local parts (`"a b"@example.com`) and at-signs
// written as entities (`&#64;`).

const local = 1
const domain = 2

let classes: Uint8Array | undefined

/** For each UTF-16 code unit outside the surrogates: may it sit in a local part, a domain? */
function characterClasses(): Uint8Array {
  if (classes) return classes
  const table = new Uint8Array(0x10000)
  const letterOrDigit = /[\p{L}\p{M}\p{N}]/u
  for (let code = 0; code < 0x10000; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue
    if (letterOrDigit.test(String.fromCharCode(code))) table[code] = local | domain
  }
  for (const char of '.-%') table[char.charCodeAt(0)] = local | domain
  for (const char of "_+'") table[char.charCodeAt(0)] = local
  classes = table
  return table
}

const isHex = (code: number) => (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102)

/** `\uXXXX` as JSON writes it: 6 code units, or 0. */
function jsonEscapeLength(text: string, i: number): number {
  if (text.charCodeAt(i) !== 92 || text.charCodeAt(i + 1) !== 117) return 0
  for (let k = i + 2; k < i + 6; k++) if (!isHex(text.charCodeAt(k))) return 0
  return 6
}

/** The length of an at-sign at `i`: `@`, `%40`, `%2540`, `%252540` ..., `\u0040`; 0 when there is none. */
function atSignLength(text: string, i: number): number {
  const code = text.charCodeAt(i)
  if (code === 64) return 1
  if (code === 37) {
    let k = i + 1
    while (text.startsWith('25', k)) k += 2
    return text.startsWith('40', k) ? k + 2 - i : 0
  }
  if (code === 92 && text.startsWith('\\u0040', i)) return 6
  return 0
}

/** The length of a surrogate pair at `i`: astral letters and symbols (CJK extensions, emoji) count as letters. */
function pairLength(text: string, i: number): number {
  const code = text.charCodeAt(i)
  const next = text.charCodeAt(i + 1)
  return code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 0
}

/** Does a domain start at `from`? Its first character decides; the rest is copied as it is. */
function domainStarts(text: string, from: number, table: Uint8Array): boolean {
  const code = text.charCodeAt(from)
  if (code === 46 || code === 45) return false
  if (code === 37) return percentByte(text, from) >= 0 && atSignLength(text, from) === 0
  if (code === 92) return jsonEscapeLength(text, from) > 0 && atSignLength(text, from) === 0
  return ((table[code] ?? 0) & domain) !== 0 || pairLength(text, from) > 0
}

function percentByte(text: string, i: number): number {
  return text.charCodeAt(i) === 37 && isHex(text.charCodeAt(i + 1)) && isHex(text.charCodeAt(i + 2))
    ? parseInt(text.slice(i + 1, i + 3), 16)
    : -1
}

/** Where the first character of a local part ends, as written, so the masked text still decodes (`%E5%B1%B1***%40...`). */
function firstCharacterEnd(text: string, at: number): number {
  const code = text.charCodeAt(at)
  if (code !== 37 && code !== 92) return at + (pairLength(text, at) || 1)
  const byte = percentByte(text, at)
  if (byte >= 0) {
    const bytes = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1
    let end = at + 3
    while (end < at + bytes * 3 && percentByte(text, end) >= 0x80) end += 3
    return end
  }
  if (jsonEscapeLength(text, at) > 0) {
    const highSurrogate = /^\\u[dD][89abAB]/.test(text.slice(at, at + 4))
    return at + (highSurrogate && jsonEscapeLength(text, at + 6) > 0 ? 12 : 6)
  }
  return at + (pairLength(text, at) || 1)
}

/** Every address in `text` with its local part hidden: `ada.lovelace@example.com` becomes `a***@example.com`. */
export function maskEmails(text: string): string {
  const table = characterClasses()
  // The kept text between two `***`, joined a block at a time: a million pieces joined at
  // once, or added one by one to a string, take several times longer.
  const blocks: string[] = []
  let kept: string[] = []
  let copied = 0
  // Where the run of local-part characters that ends at `i` began.
  let runStart = 0
  let i = 0
  while (i < text.length) {
    const code = text.charCodeAt(i)
    const at = code === 64 ? 1 : code === 37 || code === 92 ? atSignLength(text, i) : 0
    if (at > 0) {
      if (runStart < i && domainStarts(text, i + at, table)) {
        kept.push(text.slice(copied, firstCharacterEnd(text, runStart)))
        copied = i
        if (kept.length === 1_024) {
          blocks.push(kept.join('***'))
          kept = []
        }
      }
      // The domain is read again as the next run: in `a@b.example@c.example` both are masked.
      i += at
      runStart = i
      continue
    }
    if (((table[code] ?? 0) & local) !== 0) {
      i++
      continue
    }
    const unit = pairLength(text, i) || (code === 92 ? jsonEscapeLength(text, i) : 0)
    i += unit || 1
    if (unit === 0) runStart = i
  }
  if (copied === 0) return text
  kept.push(text.slice(copied))
  blocks.push(kept.join('***'))
  return blocks.join('***')
}

/**
 * A field that holds one address as a whole (a customer's e-mail): everything before its
 * last at-sign is hidden, whatever characters it holds, and a value with no at-sign is
 * masked as text.
 */
export function maskEmailField(value: string): string {
  const at = value.lastIndexOf('@')
  if (at <= 0) return maskEmails(value)
  return `${value.slice(0, firstCharacterEnd(value, 0))}***${value.slice(at)}`
}
