import { describe, expect, it } from 'vitest'
import { exportResults } from '../../../src/main/batch/batch-export'
import { splitCsvLine } from '../../../src/shared/batch/parse-ids'
import type { BatchResult } from '../../../src/shared/contract/batch-schema'

const found = (id: string, amount: number | null, currency: string | null): BatchResult => ({
  id,
  outcome: 'found',
  paymentStatus: 'settled',
  amount,
  currency,
  paymentMethod: 'CARD',
  errorCode: null,
  retryable: null,
  attemptedAt: null,
  customerEmail: null,
  failure: null,
  at: 0,
})

const results = [
  found('pay_eur', 1500, 'EUR'),
  found('pay_jpy', 1500, 'JPY'),
  found('pay_kwd', -1500, 'KWD'),
  found('pay_none', null, null),
  // Intl's (CLDR's) digits differ from ISO 4217's for these; ISO gives XAU none at all.
  found('pay_huf', 12345, 'HUF'),
  found('pay_iqd', 12345, 'IQD'),
  found('pay_xau', 12345, 'XAU'),
]

describe('amounts in a batch export', () => {
  it('CSV: the raw integer, and beside it the reading the screen shows, per currency', () => {
    const [header, ...rows] = exportResults(results, 'csv', false).trimEnd().split('\r\n')
    expect(header?.split(',').slice(3, 6)).toEqual(['amount', 'amount_assuming_minor_units', 'currency'])
    expect(rows.map((row) => splitCsvLine(row, ',').slice(3, 6))).toEqual([
      ['1500', '€15.00', 'EUR'],
      ['1500', '¥1,500', 'JPY'],
      // A leading minus is defused like any cell that would start a formula.
      ["'-1500", "'-KWD\u00a01.500", 'KWD'],
      ['', '', ''],
      ['12345', 'HUF\u00a0123.45', 'HUF'],
      ['12345', 'IQD\u00a012.345', 'IQD'],
      ['12345', '12345 XAU (no minor unit in ISO 4217)', 'XAU'],
    ])
  })

  it('JSON: the same reading beside the raw amount', () => {
    const rows = JSON.parse(exportResults(results, 'json', false)) as { amount: number | null; amountAssumingMinorUnits: string | null }[]
    expect(rows.map((r) => [r.amount, r.amountAssumingMinorUnits])).toEqual([
      [1500, '€15.00'],
      [1500, '¥1,500'],
      [-1500, '-KWD\u00a01.500'],
      [null, null],
      [12345, 'HUF\u00a0123.45'],
      [12345, 'IQD\u00a012.345'],
      [12345, '12345 XAU (no minor unit in ISO 4217)'],
    ])
  })
})
