import { describe, expect, it } from 'vitest'
import { checkPaymentId, maxPaymentIdLength } from '../../src/shared/payment-id'

describe('checkPaymentId', () => {
  it.each([
    ['a plain ID', 'pay_8Jk2mQ9xLp', 'pay_8Jk2mQ9xLp'],
    ['an ID with spaces and a line break around it', '  pay_8Jk2mQ9xLp\r\n', 'pay_8Jk2mQ9xLp'],
    ['a UUID', '3f2a9c0e-8b1d-4f6a-7c5e-9b2d1a0f8e7c', '3f2a9c0e-8b1d-4f6a-7c5e-9b2d1a0f8e7c'],
    ['an ID with a single dot', 'pay.123', 'pay.123'],
    ['an ID of the maximum length', 'p'.repeat(maxPaymentIdLength), 'p'.repeat(maxPaymentIdLength)],
    ['an ID with a character outside the BMP', 'pay_😀', 'pay_😀'],
  ])('accepts %s', (_label, raw, id) => {
    expect(checkPaymentId(raw)).toEqual({ ok: true, id })
  })

  it.each(['', '   ', '\n\t'])('asks for an ID when given %j', (raw) => {
    expect(checkPaymentId(raw)).toEqual({ ok: false, message: 'Enter a payment ID.' })
  })

  it('refuses an ID over the maximum length, saying how long it is', () => {
    expect(checkPaymentId('p'.repeat(maxPaymentIdLength + 1))).toEqual({
      ok: false,
      message: `A payment ID is at most ${maxPaymentIdLength} characters; this one has ${maxPaymentIdLength + 1}.`,
    })
  })

  it.each([
    ['a slash', 'pay_1/refunds', '"/", "?" or "#"'],
    ['a pasted link', 'https://dashboard.example.com/payments/pay_1', '"/", "?" or "#"'],
    ['a question mark', 'pay_1?expand=all', '"/", "?" or "#"'],
    ['a hash', 'pay_1#x', '"/", "?" or "#"'],
    ['a parent reference', '..', '".."'],
    ['a parent reference inside', 'pay..1', '".."'],
    ['a space', 'pay_1 pay_2', 'no spaces'],
    ['a line break between two IDs', 'pay_1\npay_2', 'no spaces'],
    ['a column of IDs pasted from a report', Array.from({ length: 20 }, (_, i) => `pay_${i}_8Jk2mQ9xLp`).join('\r\n'), 'one ID only'],
    ['a NUL character', 'pay_\u00001', 'control characters'],
    ['an escape character', 'pay_\u001b[31m1', 'control characters'],
    ['a DEL character', 'pay_1\u007f', 'control characters'],
    ['a lone high surrogate', 'pay_\ud83d1', 'broken character'],
    ['a lone low surrogate', '\udfff', 'broken character'],
  ])('refuses an ID with %s', (_label, raw, message) => {
    const result = checkPaymentId(raw)
    if (result.ok) throw new Error(`accepted ${JSON.stringify(raw)}`)
    expect(result.message).toContain(message)
  })
})
