import type { BatchResult } from '../../../../shared/contract/batch-schema'
import { explainDecline } from '../../../../shared/decline-codes'
import { wordsFor } from '../../../../shared/error-words'
import type { ResultFilter, ResultSort, SortColumn } from '../../stores/batch-results-store'

const lookupPrefix = 'lookup:'

/** The code filter's value for a lookup that failed with `code` (network, server-error ...). */
export const lookupCodeValue = (code: string): string => `${lookupPrefix}${code}`

/** What the Status column says: the payment's status, or why there is none. */
export function statusLabel(result: BatchResult): string {
  if (result.outcome === 'not-found') return 'not found'
  if (result.outcome === 'error') return 'lookup error'
  return result.paymentStatus ?? 'found'
}

/** Why the row is not a plain success, in words: the decline catalogue's title, or why the lookup got no payment. */
export function failureWords(result: BatchResult): string | null {
  if (result.errorCode !== null) return explainDecline(result.errorCode).title
  if (result.outcome === 'not-found') return 'No payment with this ID'
  if (result.failure) return wordsFor(result.failure.code).title
  return null
}

/** Whether any filter narrows the results. */
export function isFiltering(filter: ResultFilter): boolean {
  return filter.outcome !== 'all' || filter.code !== null || filter.retryable !== 'all' || filter.text.trim() !== ''
}

function matches(result: BatchResult, filter: ResultFilter, text: string): boolean {
  if (filter.outcome === 'failed' && result.errorCode === null) return false
  if (filter.outcome === 'not-found' && result.outcome !== 'not-found') return false
  if (filter.outcome === 'error' && result.outcome !== 'error') return false
  if (filter.code !== null) {
    const code = filter.code.startsWith(lookupPrefix) ? (result.failure?.code ?? null) : result.errorCode
    const wanted = filter.code.startsWith(lookupPrefix) ? filter.code.slice(lookupPrefix.length) : filter.code
    if (code !== wanted) return false
  }
  if (filter.retryable !== 'all' && result.retryable !== filter.retryable) return false
  return text === '' || result.id.toLowerCase().includes(text)
}

const keys: Record<SortColumn, (r: BatchResult) => string | number | null> = {
  id: (r) => r.id,
  status: statusLabel,
  amount: (r) => r.amount,
  currency: (r) => r.currency,
  method: (r) => r.paymentMethod,
  failure: failureWords,
  errorCode: (r) => r.errorCode ?? (r.failure ? lookupCodeValue(r.failure.code) : null),
  retryable: (r) => r.retryable,
  attemptedAt: (r) => {
    const time = r.attemptedAt === null ? Number.NaN : Date.parse(r.attemptedAt)
    return Number.isNaN(time) ? null : time
  },
}

/** Sorted by one column; empty cells last in either direction, ties in arrival order. */
function sortRows(rows: BatchResult[], sort: NonNullable<ResultSort>): BatchResult[] {
  const key = keys[sort.column]
  const sign = sort.direction === 'asc' ? 1 : -1
  // Keys once per row, not once per comparison: 50,000 rows sort in a few milliseconds.
  const keyed = rows.map((row, index) => ({ row, index, key: key(row) }))
  keyed.sort((a, b) => {
    if (a.key === b.key) return a.index - b.index
    if (a.key === null) return 1
    if (b.key === null) return -1
    return (a.key < b.key ? -1 : 1) * sign
  })
  return keyed.map((entry) => entry.row)
}

/** The rows the table shows. Pure, so the table memoises it on its inputs. */
export function visibleResults(results: BatchResult[], filter: ResultFilter, sort: ResultSort): BatchResult[] {
  const text = filter.text.trim().toLowerCase()
  const active = filter.outcome !== 'all' || filter.code !== null || filter.retryable !== 'all' || text !== ''
  const rows = active ? results.filter((result) => matches(result, filter, text)) : results
  return sort === null ? rows : sortRows(rows, sort)
}
