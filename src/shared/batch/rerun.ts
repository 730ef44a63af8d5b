import type { BatchResult, RerunKind } from '../contract/batch-schema'
import { customerCanRetry } from '../decline-codes'

/** What each kind of re-run looks up again, in the words of its button and of the history. */
export const rerunLabels: Record<RerunKind, string> = {
  errors: 'lookup errors',
  'not-found': 'not-found IDs',
  retryable: 'retryable declines',
}

/** Whether a result is one a re-run of `kind` looks up again. */
export function isRerunOf(kind: RerunKind, result: BatchResult): boolean {
  if (kind === 'errors') return result.outcome === 'error'
  if (kind === 'not-found') return result.outcome === 'not-found'
  return result.errorCode !== null && result.retryable !== null && customerCanRetry(result.retryable)
}

/** The IDs a re-run of `kind` looks up, in the order of `results` (the run's input order). */
export function rerunIds(results: readonly BatchResult[], kind: RerunKind): string[] {
  return results.filter((result) => isRerunOf(kind, result)).map((result) => result.id)
}
