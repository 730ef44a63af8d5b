import { failedTotals, type FailedAmount } from '../../shared/batch/failed-totals'
import type { BatchResult } from '../../shared/contract/batch-schema'
import { formatMoney } from '../../shared/format/money'
import { maskEmailField, maskEmails } from '../request-log/mask'
import { toCsv, type CsvColumns } from '../storage/csv'

export type ExportFormat = 'csv' | 'json'

/** A result as exported: the amount as the service sent it, and beside it the app's reading of it. */
type ExportedResult = BatchResult & { amountAssumingMinorUnits: string | null; account: string }

const columns: CsvColumns<ExportedResult> = [
  ['payment_id', (r) => r.id],
  ['outcome', (r) => r.outcome],
  ['status', (r) => r.paymentStatus],
  ['amount', (r) => r.amount],
  ['amount_assuming_minor_units', (r) => r.amountAssumingMinorUnits],
  ['currency', (r) => r.currency],
  ['payment_method', (r) => r.paymentMethod],
  ['error_code', (r) => r.errorCode],
  ['retryable', (r) => r.retryable],
  ['attempted_at', (r) => r.attemptedAt],
  ['customer_email', (r) => r.customerEmail],
  ['lookup_error', (r) => r.failure?.message ?? null],
  ['account', (r) => r.account],
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

/** The results as a file, each row naming the merchant account the batch ran in: customer e-mails masked unless the user asked for them, amounts read the way the screen reads them. */
export function exportResults(results: BatchResult[], format: ExportFormat, includeEmails: boolean, account = 'Default'): string {
  const rows = results.map((r) => ({
    ...withEmails(r, includeEmails),
    account,
    amountAssumingMinorUnits: r.amount === null ? null : formatMoney(r.amount, r.currency),
  }))
  if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`
  return toCsv(columns, rows)
}

/** One currency and one side of the retry split, as the summary file holds it. */
interface SummaryRow {
  currency: string
  customerCanRetry: 'yes' | 'no'
  failedPayments: number
  /** The sum as the service sent it; in the currency's minor units if it sends those. */
  amount: number
  amountAssumingMinorUnits: string | null
  paymentsWithoutAmount: number
}

/** The words the summary uses for payments the service named no currency for. */
export const noCurrencyGiven = 'currency not given'

const summaryColumns: CsvColumns<SummaryRow> = [
  ['currency', (r) => r.currency],
  ['customer_can_retry', (r) => r.customerCanRetry],
  ['failed_payments', (r) => r.failedPayments],
  ['amount', (r) => r.amount],
  ['amount_assuming_minor_units', (r) => r.amountAssumingMinorUnits],
  ['payments_without_amount', (r) => r.paymentsWithoutAmount],
]

function summaryRow(currency: string | null, customerCanRetry: 'yes' | 'no', side: FailedAmount): SummaryRow {
  return {
    currency: currency ?? noCurrencyGiven,
    customerCanRetry,
    failedPayments: side.payments,
    amount: side.amount,
    // Without a currency there is no unit to read the integer in: it stays as it came.
    amountAssumingMinorUnits: currency === null ? null : formatMoney(side.amount, currency),
    paymentsWithoutAmount: side.withoutAmount,
  }
}

/** The failed payments' amounts per currency, split by whether the customer can retry: the figures of the Failures card, as a file beside the export. */
export function exportFailedTotals(results: BatchResult[], format: ExportFormat): string {
  const rows = failedTotals(results).flatMap((total) => [
    summaryRow(total.currency, 'yes', total.canRetry),
    summaryRow(total.currency, 'no', total.cannotRetry),
  ])
  if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`
  return toCsv(summaryColumns, rows)
}

/** Where the summary goes: beside the export, `report.csv` → `report-failed-amounts.csv`. */
export function summaryPathFor(path: string): string {
  return path.replace(/(\.[^./\\]*)?$/, (extension) => `-failed-amounts${extension}`)
}
