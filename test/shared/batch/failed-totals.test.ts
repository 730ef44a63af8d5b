import { describe, expect, it } from 'vitest'
import { failedTotals } from '../../../src/shared/batch/failed-totals'
import type { BatchResult } from '../../../src/shared/contract/batch-schema'
import { explainDecline } from '../../../src/shared/decline-codes'

function result(
  id: string,
  amount: number | null,
  currency: string | null,
  code: string | null,
  outcome: BatchResult['outcome'] = 'found',
): BatchResult {
  return {
    id,
    outcome,
    paymentStatus: code ? 'failed' : 'settled',
    amount,
    currency,
    paymentMethod: 'CARD',
    errorCode: code,
    retryable: code ? explainDecline(code).retryable : null,
    attemptedAt: null,
    customerEmail: null,
    failure: null,
    at: 0,
  }
}

// Worked by hand, payment by payment:
//   EUR can retry: 1500 (card_declined, yes) + 2250 (insufficient_funds, yes) + 999 (withdrawal limit, later) = 4749, 3 payments
//   EUR cannot:    7000 (expired_card, no) + 300 (do_not_honor, depends) = 7300, 2 payments
//   JPY can retry: 1200 (processing_error, yes), 1 payment; a second with no amount: 2 payments, 1 without amount
//   USD cannot:    50 (lost_card, no) + 50 (stolen_card, no) + 1 (an unknown code: depends) = 101, 3 payments
//   no currency:   can retry 800 (incorrect_cvc) ; cannot 10000 (restricted_card)
//   left out: settled payments, a not-found ID, a lookup error, whatever their amounts.
const fixture: BatchResult[] = [
  result('p1', 1500, 'EUR', 'card_declined'),
  result('p2', 7000, 'EUR', 'expired_card'),
  result('p3', 2250, 'EUR', 'insufficient_funds'),
  result('p4', 300, 'EUR', 'do_not_honor'),
  result('p5', 999, 'EUR', 'withdrawal_count_limit_exceeded'),
  result('p6', 1200, 'JPY', 'processing_error'),
  result('p7', null, 'JPY', 'generic_decline'),
  result('p8', 50, 'USD', 'lost_card'),
  result('p9', 50, 'USD', 'stolen_card'),
  result('p10', 1, 'USD', 'brand_new_code'),
  result('p11', 800, null, 'incorrect_cvc'),
  result('p12', 10000, null, 'restricted_card'),
  result('p13', 123456, 'EUR', null),
  result('p14', null, null, null, 'not-found'),
  result('p15', 5000, 'USD', null),
]

describe('failed amounts per currency', () => {
  it('matches the hand-computed totals, split into "customer can retry" and "cannot"', () => {
    expect(failedTotals(fixture)).toEqual([
      {
        currency: 'EUR',
        canRetry: { payments: 3, amount: 4749, withoutAmount: 0 },
        cannotRetry: { payments: 2, amount: 7300, withoutAmount: 0 },
      },
      {
        currency: 'JPY',
        canRetry: { payments: 2, amount: 1200, withoutAmount: 1 },
        cannotRetry: { payments: 0, amount: 0, withoutAmount: 0 },
      },
      {
        currency: 'USD',
        canRetry: { payments: 0, amount: 0, withoutAmount: 0 },
        cannotRetry: { payments: 3, amount: 101, withoutAmount: 0 },
      },
      {
        currency: null,
        canRetry: { payments: 1, amount: 800, withoutAmount: 0 },
        cannotRetry: { payments: 1, amount: 10000, withoutAmount: 0 },
      },
    ])
  })

  it('never adds one currency to another, and never gives a currency to a payment that had none', () => {
    const totals = failedTotals([
      result('a', 100, 'EUR', 'card_declined'),
      result('b', 100, 'USD', 'card_declined'),
      result('c', 100, null, 'card_declined'),
    ])
    expect(totals.map((total) => [total.currency, total.canRetry.amount])).toEqual([
      ['EUR', 100],
      ['USD', 100],
      [null, 100],
    ])
  })
})
