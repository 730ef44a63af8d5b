import { basename, join } from 'node:path'
import { AppError } from '../../shared/app-error'
import type { ParsedIdList } from '../../shared/batch/parse-ids'
import type { BatchJob, BatchProgress, BatchResult, RerunKind } from '../../shared/contract/batch-schema'
import { rerunOf } from '../batch/batch-rerun'
import { BatchFiles, newBatchJobId } from '../batch/batch-files'
import { exportFailedTotals, exportResults, summaryPathFor, type ExportFormat } from '../batch/batch-export'
import { BatchRun } from '../batch/batch-run'
import type { RequestLog } from '../request-log/request-log'
import type { Scheduler } from '../scheduler/scheduler'
import type { SettingsStore } from '../settings/settings-store'
import { writeFileAtomic } from '../storage/atomic-file'
import { fileProblem, readIdFile } from '../batch/user-files'
import type { PaymentService } from './payment-service'

/** File dialogs, which only the Electron shell can show; tests pass their own. */
export interface FileDialogs {
  chooseIdFile(): Promise<string | null>
  chooseExportPath(defaultName: string, title?: string): Promise<string | null>
}

export const maxBatchIds = 200_000
const progressIntervalMs = 200

export interface BatchService {
  openFile(): Promise<{ fileName: string; parsed: ParsedIdList } | null>
  start(ids: string[], label: string): Promise<BatchJob>
  pause(jobId: string): Promise<BatchJob>
  resume(jobId: string): Promise<BatchJob>
  cancel(jobId: string): Promise<BatchJob>
  /** A new run of part of a finished one (its lookup errors, not-found IDs or retryable declines), linked to it. */
  rerun(jobId: string, only: RerunKind): Promise<BatchJob>
  list(): BatchJob[]
  results(jobId: string, from?: number): BatchResult[]
  export(
    jobId: string,
    format: ExportFormat,
    includeEmails: boolean,
    onlyIds?: readonly string[],
  ): Promise<{ path: string | null; summaryPath?: string }>
  onProgress(listener: (progress: BatchProgress) => void): () => void
  close(): Promise<void>
}

export async function createBatchService(deps: {
  dataDir: string
  payments: PaymentService
  settings: SettingsStore
  scheduler: Scheduler
  requestLog: RequestLog
  dialogs: FileDialogs
  addNotice: (notice: string) => void
}): Promise<BatchService> {
  const files = new BatchFiles(join(deps.dataDir, 'batches'))
  const runs = new Map<string, BatchRun>()
  const closers: (() => Promise<void>)[] = []
  const listeners = new Set<(progress: BatchProgress) => void>()
  let progressTimer: NodeJS.Timeout | undefined
  const dirty = new Set<string>()

  function emitSoon(jobId: string): void {
    dirty.add(jobId)
    progressTimer ??= setTimeout(() => {
      progressTimer = undefined
      const pausedUntil = deps.scheduler.state().pausedUntil
      for (const id of dirty) {
        const run = runs.get(id)
        if (run) for (const listener of listeners) listener(run.progress(pausedUntil))
      }
      dirty.clear()
    }, progressIntervalMs)
  }

  function attach(job: BatchJob, ids: string[], results: Map<string, BatchResult>): BatchRun {
    const appender = files.openResults(job.id)
    closers.push(() => appender.close())
    const run = new BatchRun(job, ids, results, {
      payments: deps.payments,
      results: appender,
      saveJob: (saved) => files.saveJob(saved),
      onProgress: () => {
        emitSoon(job.id)
      },
    })
    runs.set(job.id, run)
    return run
  }

  const loaded = await files.loadAll()
  for (const problem of loaded.problems) deps.addNotice(problem)
  for (const { job, ids, results } of loaded.batches) {
    // A run that was going when the app stopped resumes only when the user says so.
    if (job.status === 'running') job.status = 'interrupted'
    attach(job, ids, results)
  }

  // 429s of batch lookups, for the progress line.
  const unsubscribeLog = deps.requestLog.subscribe((entries) => {
    const limited = entries.filter((e) => e.priority === 'batch' && e.rateLimited).length
    if (limited === 0) return
    for (const run of runs.values()) {
      if (!run.active) continue
      run.noteRateLimited(limited)
      emitSoon(run.job.id)
    }
  })

  function runOf(jobId: string): BatchRun {
    const run = runs.get(jobId)
    if (!run) throw new AppError('batch-not-found', 'No batch with this ID.')
    return run
  }

  function refuseIfAnotherRuns(run: BatchRun | null): void {
    if ([...runs.values()].some((other) => other !== run && other.active)) {
      throw new AppError('batch-already-running', 'Another batch is running: pause or cancel it first.')
    }
  }

  async function begin(ids: string[], label: string, rerunOf?: BatchJob['rerunOf']): Promise<BatchJob> {
    // Before anything is written: a refused start must not leave a batch in the list.
    refuseIfAnotherRuns(null)
    const { environment, account } = deps.payments.target()
    const job: BatchJob = {
      id: newBatchJobId(new Date()),
      label,
      environment,
      account,
      createdAt: Date.now(),
      total: ids.length,
      done: 0,
      status: 'paused',
      pauseReason: null,
      counts: { found: 0, notFound: 0, error: 0, failedPayments: 0 },
      rateLimited: 0,
      ...(rerunOf ? { rerunOf } : {}),
    }
    await files.create(job, ids)
    const run = attach(job, ids, new Map())
    startInBackground(run)
    return { ...run.job }
  }

  function startInBackground(run: BatchRun): void {
    refuseIfAnotherRuns(run)
    run.run().catch((error: unknown) => {
      // The reason says what stopped the run; a job.json that cannot be saved either is the same story.
      run.pause(`Paused: ${error instanceof AppError ? error.message : 'an unexpected error stopped the run.'}`).catch(() => undefined)
    })
  }

  return {
    async openFile() {
      const path = await deps.dialogs.chooseIdFile()
      return path === null ? null : readIdFile(path)
    },

    async start(ids, label) {
      // Trimmed as a lookup trims them, so " pay_1" and "pay_1" are one ID with one result.
      const unique = [...new Set(ids.map((id) => id.trim()).filter((id) => id !== ''))]
      if (unique.length === 0) throw new AppError('no-ids', 'There are no IDs to look up.')
      if (unique.length > maxBatchIds)
        throw new AppError('too-many-ids', `A batch holds at most ${maxBatchIds.toLocaleString('en')} IDs; split the list.`)
      return begin(unique, label.trim() || `${unique.length} IDs`)
    },

    rerun(jobId, only) {
      const source = runOf(jobId)
      const { ids, label } = rerunOf(source.job, source.resultsInInputOrder, only, deps.payments.target())
      return begin(ids, label, { jobId, label: source.job.label, only })
    },

    async pause(jobId) {
      const run = runOf(jobId)
      await run.pause()
      return { ...run.job }
    },

    resume(jobId) {
      const run = runOf(jobId)
      if (run.job.status === 'completed' || run.job.status === 'cancelled') {
        throw new AppError('batch-already-finished', `This batch is ${run.job.status}; start a new one to look the IDs up again.`)
      }
      if (run.job.environment !== deps.settings.get().activeEnvironment) {
        throw new AppError(
          'batch-environment-mismatch',
          `This batch was started in another environment (${run.job.environment}): switch back to it in Settings to resume.`,
        )
      }
      if (!run.active) startInBackground(run)
      return Promise.resolve({ ...run.job })
    },

    async cancel(jobId) {
      const run = runOf(jobId)
      await run.cancel()
      return { ...run.job }
    },

    list: () => [...runs.values()].map((run) => ({ ...run.job })).sort((a, b) => b.createdAt - a.createdAt),

    results: (jobId, from = 0) => runOf(jobId).resultsFrom(from),

    async export(jobId, format, includeEmails, onlyIds) {
      const run = runOf(jobId)
      const wanted = onlyIds ? new Set(onlyIds) : null
      const results = wanted ? run.resultsInInputOrder.filter((result) => wanted.has(result.id)) : run.resultsInInputOrder
      const path = await deps.dialogs.chooseExportPath(`${run.job.label.replace(/[^\w.-]+/g, '-')}.${format}`)
      if (path === null) return { path: null }
      const summaryPath = summaryPathFor(path)
      for (const [file, text] of [
        [path, exportResults(results, format, includeEmails, run.job.account.name)],
        [summaryPath, exportFailedTotals(results, format)],
      ] as const) {
        try {
          await writeFileAtomic(file, text)
        } catch (error) {
          const written =
            file === summaryPath ? ` The results were saved in ${basename(path)}; their failed amounts were not.` : ' Nothing was exported.'
          throw new AppError('storage', `Could not write ${basename(file)}${fileProblem(error, 'its folder does not exist')}.${written}`, {
            cause: error,
          })
        }
      }
      return { path, summaryPath }
    },

    onProgress(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    async close() {
      unsubscribeLog()
      if (progressTimer) clearTimeout(progressTimer)
      const active = [...runs.values()].filter((run) => run.active)
      // A job.json that cannot be saved now is saved below or read as interrupted next time.
      for (const run of active) await run.pause().catch(() => undefined)
      // Paused by the quit, not by the user: the next start offers to resume.
      for (const run of active) run.job.status = 'interrupted'
      await Promise.all([...runs.values()].map((run) => files.saveJob(run.job).catch(() => undefined)))
      await Promise.all(closers.map((close) => close()))
    },
  }
}
