import type { BatchResult } from '../contract/batch-schema'
import { customerCanRetry, explainDecline } from '../decline-codes'

/** Failed payments of one currency and one side of the retry split. */
export interface FailedAmount {
  /** Failed payments on this side, with an amount or not. */
  payments: number
  /** The sum of their amounts as the service sent them (integers, unit not converted). */
  amount: number
  /** Of `payments`, those the service sent no amount for: not in `amount`. */
  withoutAmount: number
}

export interface CurrencyTotal {
  /** As the service sent it; null when the payment named none (the real service's spec shows none). */
  currency: string | null
  canRetry: FailedAmount
  cannotRetry: FailedAmount
}

const empty = (): FailedAmount => ({ payments: 0, amount: 0, withoutAmount: 0 })

function add(side: FailedAmount, amount: number | null): void {
  side.payments += 1
  if (amount === null) side.withoutAmount += 1
  else side.amount += amount
}

/**
 * The failed payments' amounts per currency, split by whether the customer can retry
 * (customerCanRetry: yes and later can, no and depends cannot). Amounts are never added across
 * currencies, and a payment without a currency is counted under `null`, never given one.
 * Currencies in code order, the one not given last.
 */
export function failedTotals(results: readonly BatchResult[]): CurrencyTotal[] {
  const totals = new Map<string | null, CurrencyTotal>()
  for (const result of results) {
    if (result.errorCode === null) continue
    const currency = result.currency?.trim() || null
    let total = totals.get(currency)
    if (!total) {
      total = { currency, canRetry: empty(), cannotRetry: empty() }
      totals.set(currency, total)
    }
    const retryable = result.retryable ?? explainDecline(result.errorCode).retryable
    add(customerCanRetry(retryable) ? total.canRetry : total.cannotRetry, result.amount)
  }
  return [...totals.values()].sort((a, b) =>
    a.currency === b.currency ? 0 : a.currency === null ? 1 : b.currency === null ? -1 : a.currency < b.currency ? -1 : 1,
  )
}
