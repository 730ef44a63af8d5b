import type { BatchResult } from '../../shared/contract/batch-schema'
import { maskEmailField } from '../request-log/mask'
import { toCsv, type CsvColumns } from '../storage/csv'

export type ExportFormat = 'csv' | 'json'

const columns: CsvColumns<BatchResult> = [
  ['payment_id', (r) => r.id],
  ['outcome', (r) => r.outcome],
  ['status', (r) => r.paymentStatus],
  ['amount', (r) => r.amount],
  ['currency', (r) => r.currency],
  ['payment_method', (r) => r.paymentMethod],
  ['error_code', (r) => r.errorCode],
  ['retryable', (r) => r.retryable],
  ['attempted_at', (r) => r.attemptedAt],
  ['customer_email', (r) => r.customerEmail],
  ['lookup_error', (r) => r.failure?.message ?? null],
]

function withEmails(result: BatchResult, includeEmails: boolean): BatchResult {
  if (includeEmails || result.customerEmail === null) return result
  return { ...result, customerEmail: maskEmailField(result.customerEmail) }
}

/** The results as a file: customer e-mails masked unless the user asked for them. */
export function exportResults(results: BatchResult[], format: ExportFormat, includeEmails: boolean): string {
  const rows = results.map((r) => withEmails(r, includeEmails))
  if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`
  return toCsv(columns, rows)
}
