import { AppError, isAppError } from '../../shared/app-error'
import { errorWords } from '../../shared/error-words'
import type { BatchJob, BatchProgress, BatchResult } from '../../shared/contract/batch-schema'
import type { PaymentService } from '../services/payment-service'
import type { ResultsAppender } from './batch-files'
import { errorResult, foundResult } from './batch-result'

// Lookups handed to the scheduler at once. Enough to keep it saturated at any sane
// rate; few enough that a pause has little to call back.
const window = 64
const rateWindowMs = 10_000

// A 401 means every further lookup would fail too: stop and say why.
const pausingCodes = new Set(['unauthorized', 'no-key', 'key-origin-mismatch', 'invalid-url'])
// A 401's message says only what the service answered; the others already name their fix.
const needsNextStep = new Set(['unauthorized'])

export interface BatchRunDeps {
  payments: PaymentService
  results: ResultsAppender
  saveJob: (job: BatchJob) => Promise<void>
  onProgress: () => void
  now?: () => number
}

/**
 * One batch, run through the app's scheduler at batch priority. Every ID ends with
 * exactly one result; a pause or a crash leaves the rest pending for a resume.
 */
export class BatchRun {
  readonly job: BatchJob
  private readonly ids: readonly string[]
  private readonly pending: string[]
  private readonly results: Map<string, BatchResult>
  private controller = new AbortController()
  private outstanding = 0
  private readonly recent: number[] = []
  private readonly now: () => number
  private settled: Promise<void> = Promise.resolve()
  private wake: (() => void) | null = null

  constructor(
    job: BatchJob,
    ids: string[],
    results: Map<string, BatchResult>,
    private readonly deps: BatchRunDeps,
  ) {
    this.job = job
    this.ids = ids
    this.results = results
    this.pending = ids.filter((id) => !results.has(id)).reverse()
    this.now = deps.now ?? Date.now
    this.recount()
  }

  get resultList(): BatchResult[] {
    return [...this.results.values()]
  }

  /** What an export writes: the rows line up with the list the user started from. */
  get resultsInInputOrder(): BatchResult[] {
    return this.ids.flatMap((id) => this.results.get(id) ?? [])
  }

  /** Results in arrival order from the `from`-th on: they are only ever appended. */
  resultsFrom(from: number): BatchResult[] {
    if (from === 0) return this.resultList
    const out: BatchResult[] = []
    let index = 0
    for (const result of this.results.values()) if (index++ >= from) out.push(result)
    return out
  }

  get active(): boolean {
    return this.job.status === 'running'
  }

  progress(pausedUntil: number | null): BatchProgress {
    const now = this.now()
    while (this.recent.length > 0 && (this.recent[0] ?? 0) < now - rateWindowMs) this.recent.shift()
    const span = Math.min(rateWindowMs, Math.max(1_000, now - (this.recent[0] ?? now)))
    const ratePerSecond = this.active ? (this.recent.length / span) * 1000 : 0
    const remaining = this.job.total - this.job.done
    return {
      ...this.job,
      ratePerSecond: Math.round(ratePerSecond * 10) / 10,
      etaSeconds: this.active && ratePerSecond > 0 ? Math.ceil(remaining / ratePerSecond) : null,
      pausedUntil,
    }
  }

  noteRateLimited(count: number): void {
    this.job.rateLimited += count
  }

  /** Starts or resumes; resolves when the run stops (done, paused or cancelled). */
  async run(): Promise<void> {
    if (this.job.status !== 'paused' && this.job.status !== 'interrupted') return
    const controller = new AbortController()
    this.controller = controller
    this.job.status = 'running'
    this.job.pauseReason = null
    // A resume right after a pause: the lookups it is calling back must be pending again
    // first, and its feed must end before a new one starts.
    await this.settled
    if (controller.signal.aborted) return
    await this.deps.saveJob(this.job)
    this.deps.onProgress()
    const running = this.feed(controller.signal)
    this.settled = running
    await running
  }

  async pause(reason: string | null = null): Promise<void> {
    if (this.job.status !== 'running') return
    this.job.status = 'paused'
    this.job.pauseReason = reason
    this.controller.abort()
    this.wake?.()
    await this.settled
    await this.saveState()
  }

  async cancel(): Promise<void> {
    if (this.job.status === 'completed' || this.job.status === 'cancelled') return
    this.job.status = 'cancelled'
    this.controller.abort()
    this.wake?.()
    await this.settled
    await this.saveState()
  }

  /**
   * Saves the job and tells the screen, even when the save fails: the state in memory is
   * what the user acts on, and a job.json left at 'running' reads as interrupted on the
   * next start, so nothing is lost.
   */
  private async saveState(): Promise<void> {
    try {
      await this.deps.saveJob(this.job)
    } finally {
      this.deps.onProgress()
    }
  }

  /** A pause the run decides on itself: `reason` already says what went wrong, a failed save of the job adds nothing. */
  private pauseWithReason(reason: string): void {
    this.pause(reason).catch(() => undefined)
  }

  // The run that `signal` belongs to goes on: not paused, cancelled or replaced by a resume.
  private isRunning(signal: AbortSignal): boolean {
    return this.job.status === 'running' && !signal.aborted
  }

  // Resolves once nothing is outstanding: after a pause every aborted lookup is back in
  // `pending` before the job is saved.
  private async feed(signal: AbortSignal): Promise<void> {
    for (;;) {
      while (this.isRunning(signal) && this.outstanding < window && this.pending.length > 0) {
        const id = this.pending.pop()
        if (id === undefined) break
        this.outstanding += 1
        void this.lookup(id, signal).finally(() => {
          this.outstanding -= 1
          this.wake?.()
        })
      }
      if (this.outstanding === 0 && (!this.isRunning(signal) || this.pending.length === 0)) break
      await new Promise<void>((resolve) => {
        this.wake = resolve
      })
      this.wake = null
    }
    if (this.isRunning(signal)) {
      this.job.status = 'completed'
      await this.saveState()
    }
  }

  private async lookup(id: string, signal: AbortSignal): Promise<void> {
    let result: BatchResult
    try {
      result = foundResult(
        await this.deps.payments.get(id, { priority: 'batch', signal, remember: false, account: this.job.account.id }),
        this.now(),
      )
    } catch (error) {
      const appError = isAppError(error) ? error : new AppError('internal', 'Unexpected error during the lookup.')
      if (appError.code === 'cancelled' || signal.aborted) {
        this.pending.push(id)
        return
      }
      if (pausingCodes.has(appError.code)) {
        this.pending.push(id)
        const next = needsNextStep.has(appError.code) ? ` ${errorWords[appError.code].action}` : ''
        this.pauseWithReason(`Paused: ${appError.message}${next}`)
        return
      }
      result = errorResult(id, appError, this.now())
    }
    if (this.results.has(id)) return
    try {
      await this.deps.results.append(result)
    } catch (error) {
      // A result that cannot be saved is not kept: the ID waits for a resume instead.
      this.pending.push(id)
      this.pauseWithReason(`Paused: ${isAppError(error) ? error.message : 'the results file could not be written.'}`)
      return
    }
    if (this.results.has(id)) return
    this.results.set(id, result)
    this.recent.push(this.now())
    this.count(result)
    this.deps.onProgress()
  }

  private recount(): void {
    this.job.done = 0
    this.job.counts = { found: 0, notFound: 0, error: 0, failedPayments: 0 }
    for (const result of this.results.values()) this.count(result)
  }

  private count(result: BatchResult): void {
    this.job.done += 1
    if (result.outcome === 'found') this.job.counts.found += 1
    if (result.outcome === 'not-found') this.job.counts.notFound += 1
    if (result.outcome === 'error') this.job.counts.error += 1
    if (result.errorCode !== null) this.job.counts.failedPayments += 1
  }
}
