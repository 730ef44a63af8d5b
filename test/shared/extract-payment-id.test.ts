import { describe, expect, it } from 'vitest'
import { extractPaymentId } from '../../src/shared/extract-payment-id'

describe('extractPaymentId', () => {
  it.each(['', '   ', '\n\t '])('reports empty text %j as empty', (text) => {
    expect(extractPaymentId(text)).toEqual({ kind: 'empty' })
  })

  it.each([
    ['a bare ID', 'pay_seed_card_declined', 'pay_seed_card_declined'],
    ['an ID with spaces and a line break around it', '  pay_8Jk2mQ9xLp\r\n', 'pay_8Jk2mQ9xLp'],
    ['an ID with dashes', 'pay_3f2a-9c0e', 'pay_3f2a-9c0e'],
    ['an upper-case prefix', 'PAY_123', 'PAY_123'],
  ])('takes %s as it is', (_label, text, id) => {
    expect(extractPaymentId(text)).toEqual({ kind: 'found', id, extracted: false })
  })

  it.each([
    ['a dashboard link', 'https://dashboard.example.com/payments/pay_seed_card_declined?tab=1', 'pay_seed_card_declined'],
    [
      'a link with the ID in the query',
      'https://dashboard.example.com/lookup?payment_id=pay_seed_expired_card&tab=2',
      'pay_seed_expired_card',
    ],
    ['a link with a fragment', 'https://dashboard.example.com/p/pay_1#attempts', 'pay_1'],
    ['a sentence', 'customer says pay_seed_card_declined failed', 'pay_seed_card_declined'],
    ['a sentence ending with the ID', 'The failed one is pay_seed_stolen_card.', 'pay_seed_stolen_card'],
    ['an ID in quotes', 'Payment "pay_abc123" did not go through', 'pay_abc123'],
    ['an ID in backticks', 'see `pay_abc123`', 'pay_abc123'],
    ['an ID with a possessive', "pay_abc123's last attempt", 'pay_abc123'],
    ['an ID in parentheses', 'refund (pay_abc123) please', 'pay_abc123'],
    ['the same ID twice', 'pay_1 failed; I retried pay_1 and it failed again', 'pay_1'],
    ['a line beside an e-mail address with an underscore', 'ada_l@example.com paid with pay_1', 'pay_1'],
    ['an ID after a label', 'ID: pay_1', 'pay_1'],
  ])('pulls the ID out of %s', (_label, text, id) => {
    expect(extractPaymentId(text)).toEqual({ kind: 'found', id, extracted: true })
  })

  it.each([
    ['two IDs in a sentence', 'either pay_a or pay_b failed', ['pay_a', 'pay_b']],
    ['a list of IDs, one per line', 'pay_1\npay_2\npay_3', ['pay_1', 'pay_2', 'pay_3']],
    ['an ID and a decline code', 'pay_1 failed with card_declined', ['pay_1', 'card_declined']],
    ['two IDs in a link', 'https://dashboard.example.com/payments/pay_1/refunds/re_2', ['pay_1', 're_2']],
  ])('does not guess between %s', (_label, text, candidates) => {
    expect(extractPaymentId(text)).toEqual({ kind: 'ambiguous', candidates })
  })

  it.each([
    ['a UUID', '3f2a9c0e-8b1d-4f6a-7c5e-9b2d1a0f8e7c'],
    ['an ID with no underscore', 'pay.123'],
    ['a link with no ID-shaped part', 'https://dashboard.example.com/payments/12345'],
    ['a sentence with no ID-shaped word', 'the customer paid yesterday'],
  ])('falls back to the whole trimmed text for %s', (_label, text) => {
    expect(extractPaymentId(`  ${text} `)).toEqual({ kind: 'found', id: text, extracted: false })
  })

  it('does not start a token in the middle of a word', () => {
    expect(extractPaymentId('order 1pay_x x-pay_y')).toEqual({ kind: 'found', id: 'order 1pay_x x-pay_y', extracted: false })
  })

  it('ignores query keys and e-mail local parts', () => {
    expect(extractPaymentId('utm_source=mail from ada_l@example.com')).toEqual({
      kind: 'found',
      id: 'utm_source=mail from ada_l@example.com',
      extracted: false,
    })
  })
})
