import type { BatchResult } from '../../shared/contract/batch-schema'
import { maskEmailField, maskEmails } from '../request-log/mask'
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

// A service's error message may quote the address it could not handle.
function withEmails(result: BatchResult, includeEmails: boolean): BatchResult {
  if (includeEmails) return result
  const { customerEmail, failure } = result
  return {
    ...result,
    customerEmail: customerEmail === null ? null : maskEmailField(customerEmail),
    failure: failure === null ? null : { ...failure, message: maskEmails(failure.message) },
  }
}

/** The results as a file: customer e-mails masked unless the user asked for them. */
export function exportResults(results: BatchResult[], format: ExportFormat, includeEmails: boolean): string {
  const rows = results.map((r) => withEmails(r, includeEmails))
  if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`
  return toCsv(columns, rows)
}
