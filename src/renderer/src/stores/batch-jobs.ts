import type { BatchJob, BatchProgress } from '../../../shared/contract/batch-schema'
import { formatCount } from '../../../shared/format/number'
import { plural } from '../../../shared/format/plural'
import { announce } from '../shell/announcer'
import { notifyIfAway } from '../shell/notify-away'

/** A job's progress before its first event: no rate, no estimate. */
export const idle = (job: BatchJob): BatchProgress => ({ ...job, ratePerSecond: 0, etaSeconds: null, pausedUntil: null })

export function jobOf({
  id,
  label,
  environment,
  account,
  createdAt,
  total,
  done,
  status,
  pauseReason,
  counts,
  rateLimited,
  rerunOf,
}: BatchProgress): BatchJob {
  return {
    id,
    label,
    environment,
    account,
    createdAt,
    total,
    done,
    status,
    pauseReason,
    counts,
    rateLimited,
    ...(rerunOf ? { rerunOf } : {}),
  }
}

/** The list with `job` in place of its old self, or first when it is new. */
export function upsert(jobs: BatchJob[], job: BatchJob): BatchJob[] {
  const index = jobs.findIndex((j) => j.id === job.id)
  if (index < 0) return [job, ...jobs]
  const next = jobs.slice()
  next[index] = job
  return next
}

/** A run that stopped going (finished, or paused itself) is news to a user on another screen, and its end to a screen reader. */
export function tellIfAway(before: BatchJob | undefined, after: BatchJob): void {
  if (before?.status !== 'running' || after.status === 'running') return
  const { counts } = after
  if (after.status === 'completed') {
    const notice = {
      title: `Batch "${after.label}" finished`,
      message: `${formatCount(after.done)} looked up: ${plural(counts.failedPayments, { one: 'failed payment', other: 'failed payments' })}, ${formatCount(counts.notFound)} not found, ${plural(counts.error, { one: 'lookup error', other: 'lookup errors' })}.`,
      color: counts.failedPayments + counts.error > 0 ? 'orange' : 'teal',
    }
    // On the Batch screen the figures change in sight; a screen reader hears the end once.
    if (!notifyIfAway('batch', notice)) announce(`${notice.title}. ${notice.message}`)
  } else if (after.status === 'paused' && after.pauseReason !== null) {
    notifyIfAway('batch', { title: `Batch "${after.label}" paused`, message: after.pauseReason, color: 'red' })
  }
}
