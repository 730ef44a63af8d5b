import type { BatchResult } from '../../shared/contract/batch-schema'
import { maskEmails } from '../request-log/mask'

export type ExportFormat = 'csv' | 'json'

const columns: [string, (r: BatchResult) => string | number | null][] = [
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

export function csvCell(value: string | number | null): string {
  if (value === null) return ''
  let text = String(value)
  // A cell a spreadsheet would run as a formula (=, +, -, @) is defused with a quote.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

function withEmails(result: BatchResult, includeEmails: boolean): BatchResult {
  if (includeEmails || result.customerEmail === null) return result
  return { ...result, customerEmail: maskEmails(result.customerEmail) }
}

/** The results as a file: customer e-mails masked unless the user asked for them. */
export function exportResults(results: BatchResult[], format: ExportFormat, includeEmails: boolean): string {
  const rows = results.map((r) => withEmails(r, includeEmails))
  if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`
  const lines = [columns.map(([name]) => name).join(',')]
  for (const row of rows) lines.push(columns.map(([, get]) => csvCell(get(row))).join(','))
  return `${lines.join('\r\n')}\r\n`
}
