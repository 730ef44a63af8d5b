import type { BatchResult } from '../../../../shared/contract/batch-schema'
import { formatMoney, minorUnitsAssumption } from '../../../../shared/format/money'

/** How a batch shows an amount without a currency: the integer as it came, never a guessed unit. */
export const noCurrencyLabel = 'currency not given'

/** A result's amount as the table and the detail show it, and the words for its tooltip. */
export function amountText(result: Pick<BatchResult, 'amount' | 'currency'>): { text: string; title: string } | null {
  if (result.amount === null) return null
  if (result.currency === null)
    return {
      text: `${result.amount} (no currency)`,
      title: `${result.amount} as the service sent it: ${noCurrencyLabel}, so no unit is assumed`,
    }
  return {
    text: formatMoney(result.amount, result.currency),
    title: `${result.amount} ${result.currency} as the service sent it, ${minorUnitsAssumption}`,
  }
}
