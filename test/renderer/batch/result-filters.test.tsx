import { describe, expect, it } from 'vitest'
import { noResultFilter } from '../../../src/renderer/src/stores/batch-results-store'
import { failureBreakdown } from '../../../src/renderer/src/views/batch/failure-breakdown'
import { lookupCodeValue, visibleResults } from '../../../src/renderer/src/views/batch/result-filters'
import { failed, lookupError, mixedResults, settled } from './fixtures'

const ids = (rows: { id: string }[]) => rows.map((r) => r.id)

describe('visibleResults', () => {
  it('keeps arrival order and the same array when nothing filters or sorts', () => {
    expect(visibleResults(mixedResults, noResultFilter, null)).toBe(mixedResults)
  })

  it.each([
    ['failed payments', { outcome: 'failed' as const }, ['pay_b', 'pay_c', 'pay_f']],
    ['not found', { outcome: 'not-found' as const }, ['pay_d']],
    ['lookup errors', { outcome: 'error' as const }, ['pay_e']],
    ['one decline code', { code: 'card_declined' }, ['pay_b', 'pay_f']],
    ['one lookup error code', { code: lookupCodeValue('network') }, ['pay_e']],
    ['a retryable class', { retryable: 'no' as const }, ['pay_c']],
    ['ID text, any case', { text: ' PAY_D ' }, ['pay_d']],
  ])('filters by %s', (_label, patch, expected) => {
    expect(ids(visibleResults(mixedResults, { ...noResultFilter, ...patch }, null))).toEqual(expected)
  })

  it('sorts by amount both ways with empty cells last, ties in arrival order', () => {
    expect(ids(visibleResults(mixedResults, noResultFilter, { column: 'amount', direction: 'asc' }))).toEqual([
      'pay_c',
      'pay_f',
      'pay_a',
      'pay_b',
      'pay_d',
      'pay_e',
    ])
    expect(ids(visibleResults(mixedResults, noResultFilter, { column: 'amount', direction: 'desc' }))).toEqual([
      'pay_a',
      'pay_b',
      'pay_f',
      'pay_c',
      'pay_d',
      'pay_e',
    ])
  })

  it('sorts by error code, lookup errors among them', () => {
    expect(ids(visibleResults(mixedResults, noResultFilter, { column: 'errorCode', direction: 'asc' }))).toEqual([
      'pay_b',
      'pay_f',
      'pay_c',
      'pay_e',
      'pay_a',
      'pay_d',
    ])
  })

  it('filters and sorts 50,000 rows quickly', () => {
    const many = Array.from({ length: 50_000 }, (_, i) =>
      i % 3 === 0 ? failed(`pay_${i}`, 'card_declined', 'yes', { amount: i }) : settled(`pay_${i}`, { amount: 50_000 - i }),
    )
    const started = performance.now()
    const rows = visibleResults(many, { ...noResultFilter, outcome: 'failed' }, { column: 'amount', direction: 'desc' })
    expect(performance.now() - started).toBeLessThan(500)
    expect(rows).toHaveLength(16_667)
    expect(rows[0]?.amount).toBe(49_998)
  })
})

describe('failureBreakdown', () => {
  it('counts failed payments by code (most first, with the catalogue title) and by retryable class', () => {
    const breakdown = failureBreakdown([...mixedResults, lookupError('pay_g', 'server-error'), lookupError('pay_h')])
    expect(breakdown.failedPayments).toBe(3)
    expect(breakdown.byCode).toEqual([
      { code: 'card_declined', count: 2, title: 'Declined by the bank', label: 'Declined by the bank' },
      { code: 'expired_card', count: 1, title: 'Card expired', label: 'Card expired' },
    ])
    expect(breakdown.byRetryable.map((r) => [r.retryable, r.count])).toEqual([
      ['yes', 2],
      ['no', 1],
      ['depends', 0],
      ['later', 0],
    ])
    // A code the catalogue does not know keeps its code in the label, so two of them stay two bars.
    const unknown = failureBreakdown([failed('pay_x', 'brand_new', 'depends'), failed('pay_y', 'other_new', 'depends')]).byCode.map(
      (c) => c.label,
    )
    expect(unknown).toEqual(['Unrecognised decline code: brand_new', 'Unrecognised decline code: other_new'])
    expect(breakdown.lookupErrors).toEqual([
      { code: 'network', count: 2, message: 'Could not reach the service.' },
      { code: 'server-error', count: 1, message: 'The service failed (500) after 3 attempts.' },
    ])
  })
})
