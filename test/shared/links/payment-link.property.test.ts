import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkPaymentId, maxPaymentIdLength } from '../../../src/shared/payment-id'
import { linkScheme, parsePaymentLink, paymentLink } from '../../../src/shared/links/payment-link'

// IDs a link can carry: printable ASCII the lookup field accepts, including characters that must be encoded.
const idChar = fc.constantFrom(...'abcxyzABCXYZ0189_-.~!*()\':@$&+,;=[]{}|^`"<>\\'.split(''))
const linkableId = fc
  .array(idChar, { minLength: 1, maxLength: maxPaymentIdLength })
  .map((chars) => chars.join(''))
  .filter((id) => checkPaymentId(id).ok)
const nameChar = fc.constantFrom(...'aZ09-_. éüßçñ€&=?#/+%😀'.split(/(?:)/u))
const accountName = fc
  .array(nameChar, { minLength: 1, maxLength: 60 })
  .map((chars) => chars.join(''))
  .filter((name) => name.trim() === name && name !== '')
const target = fc.record({ id: linkableId, account: fc.option(accountName, { nil: null }) })

function accepted(raw: string): void {
  const parsed = parsePaymentLink(raw)
  if (parsed.ok) expect(paymentLink(parsed.id, parsed.account)).toBe(raw)
}

describe('parsePaymentLink, property-based', () => {
  it('never throws on any string, and whatever it accepts the builder writes back exactly', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (raw) => {
        accepted(raw)
      }),
      { numRuns: 3_000 },
    )
  })

  it('never throws on strings that start like a link, and whatever it accepts round-trips', () => {
    const tail = fc.string({ unit: fc.constantFrom(...'pay_1%2F3Aa?&=#@:/.+ \u0000\u202eа'.split('')), maxLength: 60 })
    fc.assert(
      fc.property(fc.constantFrom(`${linkScheme}://payment/`, `${linkScheme}://`, `${linkScheme}:`), tail, (head, rest) => {
        accepted(head + rest)
      }),
      { numRuns: 3_000 },
    )
  })

  it('opens every link the builder writes, on the same ID and account', () => {
    fc.assert(
      fc.property(target, ({ id, account }) => {
        expect(parsePaymentLink(paymentLink(id, account))).toEqual({ ok: true, id, account })
      }),
      { numRuns: 2_000 },
    )
  })

  const mutations: [string, (link: string) => string][] = [
    ['a fragment', (link) => `${link}#x`],
    ['an extra parameter', (link) => `${link}${link.includes('?') ? '&' : '?'}action=refund`],
    ['a trailing slash on the ID', (link) => link.replace(/(payment\/[^?]*)/, '$1/')],
    ['credentials', (link) => link.replace('://', '://user:pw@')],
    ['a port', (link) => link.replace('://payment', '://payment:1')],
    ['another host', (link) => link.replace('://payment/', '://payments/')],
    ['another scheme', (link) => link.replace(`${linkScheme}:`, 'https:')],
    ['the scheme in capitals', (link) => link.replace(linkScheme, linkScheme.toUpperCase())],
    ['a control character', (link) => `${link.slice(0, 30)}\u0007${link.slice(30)}`],
    ['a Cyrillic a for the scheme a', (link) => link.replace('payments', 'pаyments')],
    ['a zero-width space', (link) => `${link.slice(0, 25)}\u200b${link.slice(25)}`],
    ['a leading space', (link) => ` ${link}`],
    ['a second path segment', (link) => link.replace(/(payment\/[^?]*)/, '$1/refund')],
    [
      'a needlessly encoded first letter of the ID',
      (link) => link.replace(/payment\/([A-Za-z0-9])/, (_m, c: string) => `payment/%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    ],
    ['an encoded slash in the ID', (link) => link.replace(/(payment\/[^?]*)/, '$1%2F')],
    ['padding to an absurd length', (link) => link + 'a'.repeat(5_000)],
  ]

  it.each(mutations)('refuses every valid link changed by %s', (_label, mutate) => {
    fc.assert(
      fc.property(target, ({ id, account }) => {
        const link = paymentLink(id, account)
        const mutated = mutate(link)
        fc.pre(mutated !== link)
        expect(parsePaymentLink(mutated).ok).toBe(false)
      }),
      { numRuns: 500 },
    )
  })
})
