import { describe, expect, it } from 'vitest'
import { exportFailedTotals, summaryPathFor } from '../../../src/main/batch/batch-export'
import { splitCsvLine } from '../../../src/shared/batch/parse-ids'
import type { BatchResult } from '../../../src/shared/contract/batch-schema'
import { explainDecline } from '../../../src/shared/decline-codes'

const failed = (id: string, amount: number | null, currency: string | null, code: string): BatchResult => ({
  id,
  outcome: 'found',
  paymentStatus: 'failed',
  amount,
  currency,
  paymentMethod: 'CARD',
  errorCode: code,
  retryable: explainDecline(code).retryable,
  attemptedAt: null,
  customerEmail: null,
  failure: null,
  at: 0,
})

const results = [
  failed('a', 1500, 'EUR', 'card_declined'),
  failed('b', 2500, 'EUR', 'withdrawal_count_limit_exceeded'),
  failed('c', 700, 'EUR', 'do_not_honor'),
  failed('d', 1500, 'JPY', 'expired_card'),
  failed('e', 4200, null, 'insufficient_funds'),
  failed('f', null, null, 'lost_card'),
  // A currency the service should never send, written to run as a formula.
  failed('g', 1, '=HYPERLINK("http://x")', 'card_declined'),
]

describe('the failed amounts beside an export', () => {
  it('CSV: per currency, can retry and cannot, the raw sum and its reading; no currency stays raw; formulas defused', () => {
    const [header, ...rows] = exportFailedTotals(results, 'csv').trimEnd().split('\r\n')
    expect(header).toBe('currency,customer_can_retry,failed_payments,amount,amount_assuming_minor_units,payments_without_amount')
    const cells = rows.map((row) => splitCsvLine(row, ','))
    expect(cells.map(([currency, retry, payments, amount, , withoutAmount]) => [currency, retry, payments, amount, withoutAmount])).toEqual(
      [
        ['\'=HYPERLINK("http://x")', 'yes', '1', '1', '0'],
        ['\'=HYPERLINK("http://x")', 'no', '0', '0', '0'],
        ['EUR', 'yes', '2', '4000', '0'],
        ['EUR', 'no', '1', '700', '0'],
        ['JPY', 'yes', '0', '0', '0'],
        ['JPY', 'no', '1', '1500', '0'],
        ['currency not given', 'yes', '1', '4200', '0'],
        ['currency not given', 'no', '1', '0', '1'],
      ],
    )
    // The reading is money.ts's, and none without a currency: the integer is not given a unit.
    expect(cells.slice(2).map((row) => row[4])).toEqual(['€40.00', '€7.00', '¥0', '¥1,500', '', ''])
    // Whatever the reading of the odd currency, no cell of the file starts a formula.
    for (const row of rows) for (const cell of splitCsvLine(row, ',')) expect(cell).not.toMatch(/^[=+\-@]/)
  })

  it('JSON: the same rows', () => {
    const rows = JSON.parse(exportFailedTotals(results.slice(0, 3), 'json')) as unknown[]
    expect(rows).toEqual([
      {
        currency: 'EUR',
        customerCanRetry: 'yes',
        failedPayments: 2,
        amount: 4000,
        amountAssumingMinorUnits: '€40.00',
        paymentsWithoutAmount: 0,
      },
      {
        currency: 'EUR',
        customerCanRetry: 'no',
        failedPayments: 1,
        amount: 700,
        amountAssumingMinorUnits: '€7.00',
        paymentsWithoutAmount: 0,
      },
    ])
  })

  it('goes beside the export, named after it', () => {
    expect(summaryPathFor('/home/ada/March report.csv')).toBe('/home/ada/March report-failed-amounts.csv')
    expect(summaryPathFor('/home/ada/report.json')).toBe('/home/ada/report-failed-amounts.json')
    expect(summaryPathFor('/home/ada/v1.2/report')).toBe('/home/ada/v1.2/report-failed-amounts')
  })
})
