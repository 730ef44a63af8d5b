import { AppError } from '../../shared/app-error'
import { rerunIds, rerunLabels } from '../../shared/batch/rerun'
import type { BatchJob, BatchResult, RerunKind } from '../../shared/contract/batch-schema'
import type { EnvironmentId } from '../../shared/environments'

/**
 * What a re-run of part of `source` looks up, checked: the source has finished, the desk is still
 * in the environment and account the IDs belong to, and there is something to look up.
 */
export function rerunOf(
  source: BatchJob,
  resultsInInputOrder: readonly BatchResult[],
  only: RerunKind,
  target: { environment: EnvironmentId; account: { id: string; name: string } },
): { ids: string[]; label: string } {
  if (source.status !== 'completed' && source.status !== 'cancelled')
    throw new AppError(
      'batch-not-finished',
      `"${source.label}" has not finished: resume it to the end, or cancel it, before re-running what failed.`,
    )
  if (target.environment !== source.environment || target.account.id !== source.account.id)
    throw new AppError(
      'batch-environment-mismatch',
      `"${source.label}" ran in ${source.environment}, account ${source.account.name}: switch back to it to re-run its ${rerunLabels[only]}.`,
    )
  const ids = rerunIds(resultsInInputOrder, only)
  if (ids.length === 0) throw new AppError('no-ids', `"${source.label}" has no ${rerunLabels[only]} to look up again.`)
  return { ids, label: `${source.label} · ${rerunLabels[only]} again` }
}
