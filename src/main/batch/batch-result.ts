import type { AppError } from '../../shared/app-error'
import type { BatchResult } from '../../shared/contract/batch-schema'
import type { PaymentLookup } from '../../shared/contract/payment-schema'
import { explainDecline } from '../../shared/decline-codes'
import { truncateText } from '../../shared/truncate-text'

/** A stored failure is read in a table cell and exported: the API client bounds the service's words, this bounds the rest. */
const maxStoredMessageChars = 1_500

const empty = {
  paymentStatus: null,
  amount: null,
  currency: null,
  paymentMethod: null,
  errorCode: null,
  retryable: null,
  attemptedAt: null,
  customerEmail: null,
  failure: null,
}

export function foundResult(lookup: PaymentLookup, at: number): BatchResult {
  const { payment } = lookup
  const attempt = payment.lastDepositAttempt ?? null
  const failed = attempt?.status === 'failed' || (attempt?.error ?? null) !== null
  const code = failed ? (attempt?.error ?? null) : null
  return {
    ...empty,
    id: lookup.id,
    outcome: 'found',
    paymentStatus: payment.status ?? attempt?.status ?? null,
    amount: attempt?.amount ?? payment.amount ?? null,
    currency: payment.currency ?? null,
    paymentMethod: attempt?.paymentMethod ?? null,
    errorCode: code,
    retryable: failed ? explainDecline(code).retryable : null,
    attemptedAt: attempt?.attemptedAt ?? null,
    customerEmail: payment.customerEmail ?? null,
    at,
  }
}

export function errorResult(id: string, error: AppError, at: number): BatchResult {
  if (error.code === 'not-found') return { ...empty, id, outcome: 'not-found', at }
  return { ...empty, id, outcome: 'error', failure: { code: error.code, message: truncateText(error.message, maxStoredMessageChars) }, at }
}
