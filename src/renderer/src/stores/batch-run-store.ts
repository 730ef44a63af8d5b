import type { AppErrorShape } from '../../../shared/app-error'
import type { BatchJob, BatchProgress, RerunKind } from '../../../shared/contract/batch-schema'
import { call, subscribe } from '../api/client'
import { idle, jobOf, tellIfAway, upsert } from './batch-jobs'
import { useBatchExport } from './batch-export-store'
import { useBatchResults } from './batch-results-store'
import { createStore } from './create-store'

type JobAction = 'pause' | 'resume' | 'cancel' | `rerun-${RerunKind}`

interface BatchRunState {
  started: boolean
  jobs: BatchJob[]
  listStatus: 'idle' | 'loading' | 'ready' | 'error'
  listError: AppErrorShape | null
  /** The run on screen; null shows the input. */
  activeJobId: string | null
  /** The latest state of the run on screen, live while it goes. */
  progress: BatchProgress | null
  busy: JobAction | null
  actionError: AppErrorShape | null
  /** Follows progress events and loads the list of runs, once (again after a reset). */
  init: () => Promise<void>
  loadJobs: () => Promise<void>
  pause: () => Promise<void>
  resume: (jobId?: string) => Promise<void>
  cancel: (jobId?: string) => Promise<void>
  /** Shows a run (its progress and results). */
  show: (jobId: string) => void
  /** Back to the input, for a new run. */
  newBatch: () => void
  /** Starts a new run of part of the run on screen (its lookup errors, not-found IDs or retryable declines) and shows it. */
  rerun: (only: RerunKind) => Promise<void>
  /** A run the input just started: on screen, with no results yet. */
  began: (job: BatchJob) => void
}

/** Another run on screen (or none): what was shown of the last one goes. */
function showResultsOf(jobId: string | null, status: 'idle' | 'loading' | 'ready'): void {
  useBatchResults.getState().showJob(jobId, status)
  useBatchExport.getState().clear()
}

export const useBatchRun = createStore<BatchRunState>((set, get, scope) => {
  function onProgress(progress: BatchProgress): void {
    const before = get().jobs.find((job) => job.id === progress.id)
    const job = jobOf(progress)
    set((state) => ({ jobs: upsert(state.jobs, job), progress: state.activeJobId === progress.id ? progress : state.progress }))
    tellIfAway(before, job)
    useBatchResults.getState().follow(progress)
  }

  async function act(kind: 'pause' | 'resume' | 'cancel', jobId: string): Promise<void> {
    set({ busy: kind, actionError: null })
    const channel = kind === 'pause' ? 'batchPause' : kind === 'resume' ? 'batchResume' : 'batchCancel'
    const answer = await call(channel, { jobId })
    if (!answer.ok) {
      set({ busy: null, actionError: answer.error })
      return
    }
    const job = answer.value
    set((state) => ({
      busy: null,
      jobs: upsert(state.jobs, job),
      // Keep the live figures of the event stream; only the job's own fields are news here.
      progress:
        state.activeJobId !== jobId
          ? state.progress
          : state.progress?.id === jobId && job.status === 'running'
            ? { ...state.progress, ...job }
            : idle(job),
    }))
    if (job.status !== 'running') void useBatchResults.getState().refresh()
  }

  return {
    started: false,
    jobs: [],
    listStatus: 'idle',
    listError: null,
    activeJobId: null,
    progress: null,
    busy: null,
    actionError: null,
    async init() {
      if (get().started) return
      set({ started: true })
      scope.own(subscribe('batchProgress', onProgress))
      await get().loadJobs()
    },
    async loadJobs() {
      set({ listStatus: 'loading', listError: null })
      const answer = await call('batchList', {})
      set(answer.ok ? { jobs: answer.value, listStatus: 'ready' } : { listStatus: 'error', listError: answer.error })
    },
    async pause() {
      const jobId = get().activeJobId
      if (jobId !== null) await act('pause', jobId)
    },
    async resume(jobId) {
      const id = jobId ?? get().activeJobId
      if (id === null) return
      get().show(id)
      await act('resume', id)
    },
    async cancel(jobId) {
      const id = jobId ?? get().activeJobId
      if (id === null) return
      get().show(id)
      await act('cancel', id)
    },
    show(jobId) {
      const job = get().jobs.find((j) => j.id === jobId)
      if (!job || get().activeJobId === jobId) return
      set({ activeJobId: jobId, progress: idle(job), actionError: null })
      showResultsOf(jobId, 'loading')
      void useBatchResults.getState().refresh()
    },
    async rerun(only) {
      const jobId = get().activeJobId
      if (jobId === null) return
      set({ busy: `rerun-${only}`, actionError: null })
      const answer = await call('batchRerun', { jobId, only })
      set({ busy: null })
      if (answer.ok) get().began(answer.value)
      else set({ actionError: answer.error })
    },
    newBatch() {
      set({ activeJobId: null, progress: null, actionError: null })
      showResultsOf(null, 'idle')
    },
    began(job) {
      set((state) => ({
        jobs: upsert(state.jobs, job),
        activeJobId: job.id,
        progress: state.progress?.id === job.id ? state.progress : idle(job),
        actionError: null,
      }))
      showResultsOf(job.id, 'ready')
    },
  }
})

/** The run on screen, or null on the input. */
export const selectActiveJob = (state: BatchRunState): BatchProgress | null => (state.activeJobId === null ? null : state.progress)
