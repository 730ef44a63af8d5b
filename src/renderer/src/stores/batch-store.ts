import type { AppErrorShape } from '../../../shared/app-error'
import { parseIdList, type ParsedIdList } from '../../../shared/batch/parse-ids'
import type { BatchJob, BatchProgress, BatchResult } from '../../../shared/contract/batch-schema'
import type { Retryable } from '../../../shared/decline-codes'
import { invoke, subscribe } from '../api/client'
import { notifyIfAway } from '../shell/notify-away'
import { createStore } from './create-store'
import { toErrorShape } from './error-shape'

export type OutcomeFilter = 'all' | 'failed' | 'not-found' | 'error'
export type SortColumn = 'id' | 'status' | 'amount' | 'currency' | 'method' | 'errorCode' | 'retryable' | 'attemptedAt'

export interface ResultFilter {
  outcome: OutcomeFilter
  /** A decline code, or `lookup:<app error code>` for lookups that failed. */
  code: string | null
  retryable: Retryable | 'all'
  /** Case-insensitive text the ID must contain. */
  text: string
}

/** null: the order the results arrived in. */
export type ResultSort = { column: SortColumn; direction: 'asc' | 'desc' } | null

export type ExportState =
  | { status: 'idle' }
  | { status: 'saving'; format: 'csv' | 'json' }
  | { status: 'saved'; format: 'csv' | 'json'; path: string }
  | { status: 'cancelled'; format: 'csv' | 'json' }
  | { status: 'failed'; format: 'csv' | 'json'; error: AppErrorShape }

export const noResultFilter: ResultFilter = { outcome: 'all', code: null, retryable: 'all', text: '' }

// Parsing 50,000 pasted IDs takes ~80 ms: instant for a short paste, debounced for a long one.
const instantParseChars = 20_000
const parseDelayMs = 200
// While a run goes, the whole result list is fetched again at most once a second, and at
// most 5% of the time: the wait after a fetch is 20 times what it cost, so a 50,000-row
// run spends its time looking payments up, not copying the same rows again.
const minRefreshMs = 1_000
const refreshCostFactor = 20

interface BatchState {
  started: boolean
  input: string
  /** The pasted text read as IDs; null when the field is empty. */
  parsed: ParsedIdList | null
  parsing: boolean
  file: { fileName: string; parsed: ParsedIdList } | null
  opening: boolean
  label: string
  starting: boolean
  /** Why opening a file or starting a run failed. */
  inputError: AppErrorShape | null
  jobs: BatchJob[]
  listStatus: 'idle' | 'loading' | 'ready' | 'error'
  listError: AppErrorShape | null
  /** The run on screen; null shows the input. */
  activeJobId: string | null
  /** The latest state of the run on screen, live while it goes. */
  progress: BatchProgress | null
  busy: 'pause' | 'resume' | 'cancel' | null
  actionError: AppErrorShape | null
  results: BatchResult[]
  resultsJobId: string | null
  resultsStatus: 'idle' | 'loading' | 'ready' | 'error'
  resultsError: AppErrorShape | null
  resultsFetchedAt: number
  resultsCostMs: number
  resultsFetching: boolean
  /** A refresh was asked for while one was under way. */
  resultsStale: boolean
  filter: ResultFilter
  sort: ResultSort
  includeEmails: boolean
  exportState: ExportState
  /** Follows progress events and loads the list of runs, once. */
  init: () => Promise<void>
  loadJobs: () => Promise<void>
  setInput: (text: string) => void
  setLabel: (label: string) => void
  openFile: () => Promise<void>
  clearFile: () => void
  start: () => Promise<void>
  pause: () => Promise<void>
  resume: (jobId?: string) => Promise<void>
  cancel: (jobId?: string) => Promise<void>
  /** Shows a run (its progress and results). */
  show: (jobId: string) => void
  /** Back to the input, for a new run. */
  newBatch: () => void
  refreshResults: () => Promise<void>
  setFilter: (patch: Partial<ResultFilter>) => void
  clearFilter: () => void
  /** Cycles a column: ascending, descending, then arrival order. */
  toggleSort: (column: SortColumn) => void
  setIncludeEmails: (value: boolean) => void
  /** All results, or only those with these IDs (the rows the filters show). */
  exportResults: (format: 'csv' | 'json', onlyIds?: string[]) => Promise<void>
}

let parseTimer: ReturnType<typeof setTimeout> | undefined

// What the screen shows of a run before its first results: reset whenever another run is shown.
const noResults = {
  actionError: null,
  results: [],
  resultsJobId: null,
  resultsStatus: 'idle',
  resultsError: null,
  filter: noResultFilter,
  sort: null,
  exportState: { status: 'idle' },
} satisfies Partial<BatchState>

const idle = (job: BatchJob): BatchProgress => ({ ...job, ratePerSecond: 0, etaSeconds: null, pausedUntil: null })

function jobOf({ id, label, environment, createdAt, total, done, status, pauseReason, counts, rateLimited }: BatchProgress): BatchJob {
  return { id, label, environment, createdAt, total, done, status, pauseReason, counts, rateLimited }
}

function upsert(jobs: BatchJob[], job: BatchJob): BatchJob[] {
  const index = jobs.findIndex((j) => j.id === job.id)
  if (index < 0) return [job, ...jobs]
  const next = jobs.slice()
  next[index] = job
  return next
}

function tellIfAway(before: BatchJob | undefined, after: BatchJob): void {
  if (before?.status !== 'running' || after.status === 'running') return
  const { counts } = after
  if (after.status === 'completed') {
    notifyIfAway('batch', {
      title: `Batch "${after.label}" finished`,
      message: `${after.done} looked up: ${counts.failedPayments} failed payments, ${counts.notFound} not found, ${counts.error} lookup errors.`,
      color: counts.failedPayments + counts.error > 0 ? 'orange' : 'teal',
    })
  } else if (after.status === 'paused' && after.pauseReason !== null) {
    notifyIfAway('batch', { title: `Batch "${after.label}" paused`, message: after.pauseReason, color: 'red' })
  }
}

export const useBatch = createStore<BatchState>((set, get) => {
  function parseNow(): void {
    clearTimeout(parseTimer)
    parseTimer = undefined
    const input = get().input
    set({ parsed: input.trim() === '' ? null : parseIdList(input), parsing: false })
  }

  function onProgress(progress: BatchProgress): void {
    const before = get().jobs.find((job) => job.id === progress.id)
    const job = jobOf(progress)
    set((state) => ({ jobs: upsert(state.jobs, job), progress: state.activeJobId === progress.id ? progress : state.progress }))
    tellIfAway(before, job)
    if (get().activeJobId !== progress.id) return
    const { resultsFetchedAt, resultsCostMs, resultsJobId, results, resultsFetching } = get()
    if (progress.status !== 'running') {
      // The last word of a run: the table must end complete.
      if (resultsJobId !== progress.id || results.length !== progress.done) void get().refreshResults()
      return
    }
    if (resultsFetching) return
    const due = Date.now() - resultsFetchedAt >= Math.max(minRefreshMs, resultsCostMs * refreshCostFactor)
    if (resultsJobId !== progress.id || due) void get().refreshResults()
  }

  async function act(kind: 'pause' | 'resume' | 'cancel', jobId: string): Promise<void> {
    set({ busy: kind, actionError: null })
    try {
      const request = { jobId }
      const job = kind === 'pause' ? await invoke('batchPause', request) : kind === 'resume' ? await invoke('batchResume', request) : await invoke('batchCancel', request)
      set((state) => ({
        jobs: upsert(state.jobs, job),
        // Keep the live figures of the event stream; only the job's own fields are news here.
        progress: state.activeJobId !== jobId ? state.progress : state.progress?.id === jobId && job.status === 'running' ? { ...state.progress, ...job } : idle(job),
      }))
      if (job.status !== 'running') void get().refreshResults()
    } catch (error) {
      set({ actionError: toErrorShape(error) })
    } finally {
      set({ busy: null })
    }
  }

  return {
    started: false,
    input: '',
    parsed: null,
    parsing: false,
    file: null,
    opening: false,
    label: '',
    starting: false,
    inputError: null,
    jobs: [],
    listStatus: 'idle',
    listError: null,
    activeJobId: null,
    progress: null,
    busy: null,
    actionError: null,
    results: [],
    resultsJobId: null,
    resultsStatus: 'idle',
    resultsError: null,
    resultsFetchedAt: 0,
    resultsCostMs: 0,
    resultsFetching: false,
    resultsStale: false,
    filter: noResultFilter,
    sort: null,
    includeEmails: false,
    exportState: { status: 'idle' },
    async init() {
      if (get().started) return
      set({ started: true })
      subscribe('batchProgress', onProgress)
      await get().loadJobs()
    },
    async loadJobs() {
      set({ listStatus: 'loading', listError: null })
      try {
        const jobs = await invoke('batchList', {})
        set({ jobs, listStatus: 'ready' })
      } catch (error) {
        set({ listStatus: 'error', listError: toErrorShape(error) })
      }
    },
    setInput(text) {
      set({ input: text, inputError: null })
      clearTimeout(parseTimer)
      if (text.length <= instantParseChars) {
        parseNow()
        return
      }
      set({ parsing: true })
      parseTimer = setTimeout(parseNow, parseDelayMs)
    },
    setLabel(label) {
      set({ label })
    },
    async openFile() {
      set({ opening: true, inputError: null })
      try {
        const opened = await invoke('batchOpenFile', {})
        if (opened) set((state) => ({ file: opened, label: state.label === '' ? opened.fileName : state.label }))
      } catch (error) {
        set({ inputError: toErrorShape(error) })
      } finally {
        set({ opening: false })
      }
    },
    clearFile() {
      set((state) => ({ file: null, inputError: null, label: state.label === state.file?.fileName ? '' : state.label }))
    },
    async start() {
      if (get().parsing) parseNow()
      const { file, parsed, label } = get()
      const ids = (file?.parsed ?? parsed)?.ids ?? []
      if (ids.length === 0) {
        set({ inputError: { code: 'no-ids', message: 'There are no valid IDs to look up: paste some, or open a CSV or TXT file.' } })
        return
      }
      set({ starting: true, inputError: null })
      try {
        const job = await invoke('batchStart', { ids, label: label.trim() })
        // The list now lives in the run: "New batch" starts from an empty field.
        clearTimeout(parseTimer)
        set((state) => ({
          input: '',
          parsed: null,
          parsing: false,
          file: null,
          label: '',
          jobs: upsert(state.jobs, job),
          activeJobId: job.id,
          progress: state.progress?.id === job.id ? state.progress : idle(job),
          ...noResults,
          resultsJobId: job.id,
          resultsStatus: 'ready',
        }))
      } catch (error) {
        set({ inputError: toErrorShape(error) })
      } finally {
        set({ starting: false })
      }
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
      if (!job) return
      if (get().activeJobId === jobId) return
      set({ activeJobId: jobId, progress: idle(job), ...noResults, resultsStatus: 'loading' })
      void get().refreshResults()
    },
    newBatch() {
      set({ activeJobId: null, progress: null, ...noResults })
    },
    async refreshResults() {
      const jobId = get().activeJobId
      if (jobId === null) return
      if (get().resultsFetching) {
        set({ resultsStale: true })
        return
      }
      const startedAt = performance.now()
      set({ resultsFetching: true, resultsStale: false, ...(get().resultsJobId === jobId ? {} : { resultsStatus: 'loading' as const }) })
      try {
        // Results only ever grow at the end: fetch just the new ones for the job on screen.
        const known = get().resultsJobId === jobId ? get().results : []
        const fresh = await invoke('batchResults', { jobId, from: known.length })
        const results = fresh.length === 0 && known.length > 0 ? known : known.concat(fresh)
        if (get().activeJobId === jobId) set({ results, resultsJobId: jobId, resultsStatus: 'ready', resultsError: null })
      } catch (error) {
        if (get().activeJobId === jobId) set({ resultsStatus: 'error', resultsError: toErrorShape(error) })
      } finally {
        set({ resultsFetching: false, resultsFetchedAt: Date.now(), resultsCostMs: performance.now() - startedAt })
      }
      if (get().resultsStale) await get().refreshResults()
    },
    setFilter(patch) {
      set((state) => ({ filter: { ...state.filter, ...patch } }))
    },
    clearFilter() {
      set({ filter: noResultFilter })
    },
    toggleSort(column) {
      set(({ sort }) => ({
        sort: sort?.column !== column ? { column, direction: 'asc' } : sort.direction === 'asc' ? { column, direction: 'desc' } : null,
      }))
    },
    setIncludeEmails(value) {
      set({ includeEmails: value })
    },
    async exportResults(format, onlyIds) {
      const jobId = get().activeJobId
      if (jobId === null) return
      set({ exportState: { status: 'saving', format } })
      try {
        const { path } = await invoke('batchExport', { jobId, format, includeEmails: get().includeEmails, ...(onlyIds ? { onlyIds } : {}) })
        set({ exportState: path === null ? { status: 'cancelled', format } : { status: 'saved', format, path } })
      } catch (error) {
        set({ exportState: { status: 'failed', format, error: toErrorShape(error) } })
      }
    },
  }
})

/** The run on screen, or null on the input. */
export const selectActiveJob = (state: BatchState): BatchProgress | null => (state.activeJobId === null ? null : state.progress)
