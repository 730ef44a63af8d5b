import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { maskEmailField, maskEmails } from '../../src/main/request-log/mask'

// Item 3 of the audit, as properties: generated addresses (plus-addressing, subdomains,
// upper case, non-ASCII local parts and domains) written the ways the app meets them
// (as they are, in a JSON string, JSON with \u escapes, URL-encoded once or twice) are
// never left unmasked, and masking changes nothing else.

const asciiLetters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'
const otherLetters = [
  'é',
  'ë',
  'ü',
  'ß',
  'ñ',
  'ç',
  'ø',
  'å',
  'İ',
  'ж',
  'Я',
  'α',
  'Ω',
  '山',
  '田',
  'テ',
  'ス',
  '한',
  'ا',
  'ה',
  '𝒜',
  'e\u0301',
]
const letter = fc.oneof(fc.constantFrom(...Array.from(asciiLetters)), fc.constantFrom(...otherLetters))
const localChar = fc.oneof({ arbitrary: letter, weight: 6 }, fc.constantFrom(...Array.from('0123456789')), fc.constantFrom('_', '-', "'"))
const word = (char: fc.Arbitrary<string>, max: number) =>
  fc.tuple(letter, fc.array(char, { maxLength: max })).map(([first, rest]) => first + rest.join(''))

const localPart = fc
  .tuple(fc.array(word(localChar, 8), { minLength: 1, maxLength: 3 }), fc.option(word(localChar, 6), { nil: undefined }), fc.boolean())
  .map(([atoms, tag, upper]) => {
    const local = atoms.join('.') + (tag === undefined ? '' : `+${tag}`)
    return upper ? local.toUpperCase() : local
  })
const label = word(fc.oneof(letter, fc.constantFrom(...Array.from('0123456789-'))), 10).map((l) => l.replace(/-+$/, ''))
const tld = fc.oneof(fc.constantFrom('com', 'CO', 'example', 'es', 'de', 'рф', 'テスト', 'xn--p1ai'), word(letter, 5))
const domainName = fc.tuple(fc.array(label, { minLength: 1, maxLength: 3 }), tld).map(([labels, top]) => [...labels, top].join('.'))

/** JSON as writers that escape everything outside ASCII (and here the at-sign too) write it. */
const asciiJson = (text: string, escapeAt: boolean) =>
  JSON.stringify(text)
    .slice(1, -1)
    .replace(/[^\x20-\x7e]|@/g, (c) => (c === '@' && !escapeAt ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`))

const encodings: Record<string, (text: string) => string> = {
  plain: (text) => text,
  json: (text) => JSON.stringify(text).slice(1, -1),
  asciiJson: (text) => asciiJson(text, false),
  asciiJsonAt: (text) => asciiJson(text, true),
  url: (text) => encodeURIComponent(text),
  urlTwice: (text) => encodeURIComponent(encodeURIComponent(text)),
}

const atSignForms = /@|%(?:25)*40|\\u0040/i
// Characters that end a local part or a domain in every encoding above.
const boundary = fc.constantFrom(' ', '/', '"', ',', '<', '>', '?', '=', '&', '\n', ':', '(', ')', ';', '[', ']', '|', '\t', '!', '*')
const filler = fc.string({
  unit: fc.oneof(fc.constantFrom(...Array.from('abc xyz/:?=&"{}[],;\n\t%\\')), fc.string({ unit: 'binary', maxLength: 1 })),
  maxLength: 30,
})
const noAtSign = (text: string) => !atSignForms.test(text)

const written = fc
  .record({ local: localPart, domain: domainName, encoding: fc.constantFrom(...Object.keys(encodings)) })
  .map(({ local, domain, encoding }) => {
    const encode = encodings[encoding] ?? encodings.plain ?? ((t: string) => t)
    const localWritten = encode(local)
    const address = encode(`${local}@${domain}`)
    return { address, localWritten, rest: address.slice(localWritten.length), encoding }
  })

/** The shown part of a masked local part, decoded the way it was encoded. */
function decodeShown(shown: string, encoding: string): string {
  if (encoding === 'url') return decodeURIComponent(shown)
  if (encoding === 'urlTwice') return decodeURIComponent(shown)
  if (encoding.startsWith('asciiJson')) return JSON.parse(`"${shown}"`) as string
  return shown
}

describe('maskEmails over generated addresses', () => {
  it('hides all but the first character of every local part, and keeps the text around it', () => {
    fc.assert(
      fc.property(written, filler, boundary, boundary, filler, ({ address, localWritten, rest, encoding }, before, open, close, after) => {
        fc.pre(noAtSign(before + open) && noAtSign(close + after))
        const text = `${before}${open}${address}${close}${after}`
        const masked = maskEmails(text)
        const head = `${before}${open}`
        const tail = `${rest}${close}${after}`
        expect(masked.startsWith(head)).toBe(true)
        expect(masked.endsWith(tail)).toBe(true)
        const middle = masked.slice(head.length, masked.length - tail.length)
        expect(middle.endsWith('***')).toBe(true)
        const shown = middle.slice(0, -3)
        expect(localWritten.startsWith(shown)).toBe(true)
        // One code point: a letter with its combining mark would show the letter alone.
        expect(Array.from(decodeShown(shown, encoding))).toHaveLength(1)
      }),
      { numRuns: 2_000 },
    )
  })

  it('masks every address of a text: masking commutes with joining at a boundary', () => {
    const segment = fc
      .tuple(filler, boundary, written, boundary)
      .map(([text, open, { address }, close]) => `${text}${open}${address}${close}`)
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), (segments) => {
        fc.pre(segments.every((s) => !/[\p{L}\p{N}.%'_+-]$/u.test(s)))
        expect(maskEmails(segments.join(''))).toBe(segments.map(maskEmails).join(''))
      }),
      { numRuns: 500 },
    )
  })

  it('inside a JSON document, the same addresses masked one by one', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(localPart, domainName), { minLength: 1, maxLength: 5 }), (pairs) => {
        const customers = pairs.map(([local, domain], i) => ({ id: `pay_${i}`, customerEmail: `${local}@${domain}` }))
        const masked = maskEmails(JSON.stringify(customers))
        expect(JSON.parse(masked)).toEqual(customers.map((c) => ({ ...c, customerEmail: maskEmails(c.customerEmail) })))
        for (const { customerEmail } of customers) expect(maskEmails(customerEmail)).toMatch(/^.{1,2}\*\*\*@/u)
      }),
    )
  })

  it('never touches text without an at-sign in any encoding', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        fc.pre(noAtSign(text))
        expect(maskEmails(text)).toBe(text)
      }),
      { numRuns: 2_000 },
    )
  })
})

describe('maskEmailField', () => {
  it('hides everything before the last at-sign of a field that holds an address, whatever it contains', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), domainName, (local, domain) => {
        fc.pre(!local.includes('@') && !/^[%\\]/.test(local))
        const masked = maskEmailField(`${local}@${domain}`)
        expect(masked.endsWith(`***@${domain}`)).toBe(true)
        expect(Array.from(masked.slice(0, -`***@${domain}`.length))).toHaveLength(1)
      }),
    )
  })
})
