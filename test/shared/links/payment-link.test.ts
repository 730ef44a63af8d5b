import { describe, expect, it } from 'vitest'
import { maxPaymentIdLength } from '../../../src/shared/payment-id'
import { maxLinkLength, parsePaymentLink, paymentLink, shareablePaymentLink } from '../../../src/shared/links/payment-link'

describe('parsePaymentLink: the links Payments Desk writes', () => {
  it.each([
    ['an ID', 'payments-desk://payment/pay_seed_card_declined', { id: 'pay_seed_card_declined', account: null }],
    ['an ID and an account', 'payments-desk://payment/pay_1?account=Default', { id: 'pay_1', account: 'Default' }],
    ['an account name with a space', 'payments-desk://payment/pay_1?account=Shop%20DE', { id: 'pay_1', account: 'Shop DE' }],
    ['an account ID', 'payments-desk://payment/pay_1?account=shop-fr', { id: 'pay_1', account: 'shop-fr' }],
    ['an account name with an accent', 'payments-desk://payment/pay_1?account=Caf%C3%A9%20Lyon', { id: 'pay_1', account: 'Café Lyon' }],
    [
      'a UUID',
      'payments-desk://payment/3f2a9c0e-8b1d-4f6a-7c5e-9b2d1a0f8e7c',
      { id: '3f2a9c0e-8b1d-4f6a-7c5e-9b2d1a0f8e7c', account: null },
    ],
    ['an ID with a colon, encoded', 'payments-desk://payment/pay%3A1', { id: 'pay:1', account: null }],
  ])('opens %s', (_label, link, target) => {
    expect(parsePaymentLink(link)).toEqual({ ok: true, ...target })
  })

  it('writes the link that opens the payment again', () => {
    expect(paymentLink('pay_1', 'Shop DE')).toBe('payments-desk://payment/pay_1?account=Shop%20DE')
    expect(paymentLink('pay_1')).toBe('payments-desk://payment/pay_1')
    expect(shareablePaymentLink('pay_1', 'Shop DE')).toBe('payments-desk://payment/pay_1?account=Shop%20DE')
  })

  it('offers no link for an ID the lookup field takes but a link cannot carry', () => {
    expect(shareablePaymentLink('pay_😀', null)).toBeNull()
    expect(shareablePaymentLink('pay_1', '\ud800')).toBeNull()
  })

  it('fits the longest ID and account name, both fully encoded, within the length bound', () => {
    const link = paymentLink('%'.repeat(maxPaymentIdLength), '😀'.repeat(60))
    expect(link.length).toBeLessThanOrEqual(maxLinkLength)
    expect(parsePaymentLink(link)).toEqual({ ok: true, id: '%'.repeat(maxPaymentIdLength), account: '😀'.repeat(60) })
  })
})

describe('parsePaymentLink: hostile links', () => {
  it.each([
    ['another scheme', 'https://payment/pay_1', 'not a payments-desk:// link'],
    ['a javascript: link', 'javascript:alert(1)//payments-desk://payment/pay_1', 'not a payments-desk:// link'],
    ['the scheme in capitals', 'PAYMENTS-DESK://payment/pay_1', 'lower case'],
    ['no slashes after the scheme', 'payments-desk:payment/pay_1', 'lower case'],
    ['another host', 'payments-desk://settings/pay_1', 'does not open a payment'],
    ['the host in capitals', 'payments-desk://PAYMENT/pay_1', 'does not open a payment'],
    ['a host with a look-alike suffix', 'payments-desk://payment.evil.example/pay_1', 'does not open a payment'],
    ['credentials', 'payments-desk://admin:secret@payment/pay_1', 'user name or password'],
    ['a user before the host', 'payments-desk://payment@evil/pay_1', 'user name or password'],
    ['a port', 'payments-desk://payment:443/pay_1', 'port'],
    ['no ID', 'payments-desk://payment/', 'names no payment'],
    ['no path', 'payments-desk://payment', 'names no payment'],
    ['no path but a query', 'payments-desk://payment?account=Default', 'names no payment'],
    ['two path segments', 'payments-desk://payment/pay_1/refund', 'more than one part'],
    ['a trailing slash', 'payments-desk://payment/pay_1/', 'more than one part'],
    ['a fragment', 'payments-desk://payment/pay_1#refund', '#fragment'],
    ['an empty fragment', 'payments-desk://payment/pay_1?account=Default#', '#fragment'],
    ['an extra parameter', 'payments-desk://payment/pay_1?account=Default&action=refund', 'more than one parameter'],
    ['the account given twice', 'payments-desk://payment/pay_1?account=A&account=B', 'more than one parameter'],
    ['another parameter', 'payments-desk://payment/pay_1?refund=1', 'only allowed parameter'],
    ['a parameter name in capitals', 'payments-desk://payment/pay_1?Account=Default', 'only allowed parameter'],
    ['an empty query', 'payments-desk://payment/pay_1?', 'only allowed parameter'],
    ['an empty account', 'payments-desk://payment/pay_1?account=', 'account is empty'],
    ['an account with "="', 'payments-desk://payment/pay_1?account=a=b', '"="'],
    ['an encoded slash in the ID', 'payments-desk://payment/pay_1%2Frefund', '"/", "?" or "#"'],
    ['an encoded parent reference', 'payments-desk://payment/%2E%2E', '".."'],
    ['a parent reference', 'payments-desk://payment/..', '".."'],
    ['a double-encoded slash', 'payments-desk://payment/pay_1%252Frefund', 'encoded twice'],
    ['a needlessly encoded letter', 'payments-desk://payment/p%61y_1', 'needless or unusual'],
    ['lower-case hex', 'payments-desk://payment/pay%3a1', 'needless or unusual'],
    ['a plus for a space in the account', 'payments-desk://payment/pay_1?account=Shop+DE', 'needless or unusual'],
    ['a broken percent sign', 'payments-desk://payment/pay_%1', 'wrongly percent-encoded'],
    ['a half surrogate encoded', 'payments-desk://payment/pay_%ED%A0%80', 'wrongly percent-encoded'],
    ['an encoded NUL in the ID', 'payments-desk://payment/pay_%001', 'not plain letters'],
    ['an encoded line break in the ID', 'payments-desk://payment/pay_1%0Apay_2', 'not plain letters'],
    ['an encoded space in the ID', 'payments-desk://payment/pay_1%20pay_2', 'no spaces'],
    ['an encoded space before the ID', 'payments-desk://payment/%20pay_1', 'starts or ends with a space'],
    ['an encoded Cyrillic a in the ID', 'payments-desk://payment/p%D0%B0y_1', 'not plain letters'],
    ['a raw Cyrillic a in the ID', 'payments-desk://payment/pаy_1', 'look-alikes'],
    ['a full-width letter in the scheme', 'ｐayments-desk://payment/pay_1', 'look-alikes'],
    ['a Unicode hyphen in the scheme', 'payments‐desk://payment/pay_1', 'look-alikes'],
    ['a zero-width space', 'payments-desk://payment/pay\u200b_1', 'look-alikes'],
    ['a right-to-left override', 'payments-desk://payment/pay_1\u202e', 'look-alikes'],
    ['an encoded right-to-left override in the account', 'payments-desk://payment/pay_1?account=Shop%E2%80%AE', 'invisible'],
    ['an encoded zero-width space in the account', 'payments-desk://payment/pay_1?account=Sh%E2%80%8Bop', 'invisible'],
    ['an encoded line break in the account', 'payments-desk://payment/pay_1?account=Shop%0A', 'invisible'],
    ['an account ending in a space', 'payments-desk://payment/pay_1?account=Shop%20', 'starts or ends with a space'],
    ['an account with a no-break space', 'payments-desk://payment/pay_1?account=Shop%C2%A0DE', 'unusual spaces'],
    ['a decomposed accent in the account', 'payments-desk://payment/pay_1?account=Cafe%CC%81', 'composed'],
    ['an account name too long', `payments-desk://payment/pay_1?account=${'a'.repeat(61)}`, 'longer than 60'],
    ['an ID too long', `payments-desk://payment/${'p'.repeat(maxPaymentIdLength + 1)}`, `at most ${maxPaymentIdLength}`],
    ['a NUL', 'payments-desk://payment/pay_1\u0000', 'control characters'],
    ['a line break', 'payments-desk://payment/pay_1\npayments-desk://payment/pay_2', 'control characters'],
    ['an escape sequence', 'payments-desk://payment/\u001b[31mpay_1', 'control characters'],
    ['a leading space', ' payments-desk://payment/pay_1', 'spaces'],
    ['a very long link', `payments-desk://payment/${'a'.repeat(1_000_000)}`, `longer than ${maxLinkLength}`],
    ['an empty string', '', 'not a payments-desk:// link'],
  ])('refuses %s', (_label, link, reason) => {
    const parsed = parsePaymentLink(link)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.reason).toContain(reason)
  })
})
