import type { BatchResult } from '../../../../shared/contract/batch-schema'
import { explainDecline, type Retryable } from '../../../../shared/decline-codes'

export interface CodeCount {
  code: string
  /** The decline catalogue's title for the code: the bar's label. */
  title: string
  /** The bar's label, one per code: the title, or for a code the catalogue does not know, the code beside it. */
  label: string
  count: number
}

export interface RetryableCount {
  retryable: Retryable
  label: string
  count: number
}

export interface FailureBreakdown {
  byCode: CodeCount[]
  byRetryable: RetryableCount[]
  /** Lookups that got no answer about the payment (network, 500 after retries ...), by app error code. */
  lookupErrors: { code: string; count: number; message: string }[]
  failedPayments: number
}

export const retryableLabels: Record<Retryable, string> = {
  yes: 'Retry: yes',
  no: 'Retry: no',
  depends: 'Retry: depends',
  later: 'Retry: later',
}

const retryableOrder: Retryable[] = ['yes', 'no', 'depends', 'later']

function sortedCounts(counts: Map<string, number>): [string, number][] {
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
}

/** Failed payments by decline code and by retryable class, and lookup errors apart. */
export function failureBreakdown(results: BatchResult[]): FailureBreakdown {
  const codes = new Map<string, number>()
  const retryable = new Map<Retryable, number>()
  const lookup = new Map<string, { count: number; message: string }>()
  let failedPayments = 0
  for (const result of results) {
    if (result.errorCode !== null) {
      failedPayments += 1
      codes.set(result.errorCode, (codes.get(result.errorCode) ?? 0) + 1)
      const kind = result.retryable ?? explainDecline(result.errorCode).retryable
      retryable.set(kind, (retryable.get(kind) ?? 0) + 1)
    }
    if (result.failure) {
      const entry = lookup.get(result.failure.code)
      lookup.set(result.failure.code, { count: (entry?.count ?? 0) + 1, message: entry?.message ?? result.failure.message })
    }
  }
  return {
    byCode: sortedCounts(codes).map(([code, count]) => {
      const { title, known } = explainDecline(code)
      return { code, count, title, label: known ? title : `${title}: ${code}` }
    }),
    byRetryable: retryableOrder.map((kind) => ({ retryable: kind, label: retryableLabels[kind], count: retryable.get(kind) ?? 0 })),
    lookupErrors: [...lookup].map(([code, entry]) => ({ code, ...entry })).sort((a, b) => b.count - a.count),
    failedPayments,
  }
}
