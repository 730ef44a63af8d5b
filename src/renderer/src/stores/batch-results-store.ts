import type { AppErrorShape } from '../../../shared/app-error'
import type { BatchProgress, BatchResult } from '../../../shared/contract/batch-schema'
import type { Retryable } from '../../../shared/decline-codes'
import { call } from '../api/client'
import { createStore } from './create-store'

export type OutcomeFilter = 'all' | 'failed' | 'not-found' | 'error'
export type SortColumn = 'id' | 'status' | 'failure' | 'amount' | 'currency' | 'method' | 'errorCode' | 'retryable' | 'attemptedAt'

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

export const noResultFilter: ResultFilter = { outcome: 'all', code: null, retryable: 'all', text: '' }

// While a run goes, the whole result list is fetched again at most once a second, and at
// most 5% of the time: the wait after a fetch is 20 times what it cost, so a 50,000-row
// run spends its time looking payments up, not copying the same rows again.
const minRefreshMs = 1_000
const refreshCostFactor = 20

interface BatchResultsState {
  /** The run whose results the screen wants; null on the input. */
  jobId: string | null
  results: BatchResult[]
  /** The run `results` belong to. */
  loadedJobId: string | null
  status: 'idle' | 'loading' | 'ready' | 'error'
  error: AppErrorShape | null
  fetchedAt: number
  costMs: number
  fetching: boolean
  /** A refresh was asked for while one was under way. */
  stale: boolean
  filter: ResultFilter
  sort: ResultSort
  /** Another run on screen, with no results yet: `ready` for one just started, `loading` for one to fetch. */
  showJob: (jobId: string | null, status: 'idle' | 'loading' | 'ready') => void
  /** Fetches what a progress event of the run on screen announces, no more often than it is worth. */
  follow: (progress: BatchProgress) => void
  refresh: () => Promise<void>
  setFilter: (patch: Partial<ResultFilter>) => void
  clearFilter: () => void
  /** Cycles a column: ascending, descending, then arrival order. */
  toggleSort: (column: SortColumn) => void
  setSort: (sort: ResultSort) => void
}

export const useBatchResults = createStore<BatchResultsState>((set, get) => ({
  jobId: null,
  results: [],
  loadedJobId: null,
  status: 'idle',
  error: null,
  fetchedAt: 0,
  costMs: 0,
  fetching: false,
  stale: false,
  filter: noResultFilter,
  sort: null,
  showJob(jobId, status) {
    set({ jobId, results: [], loadedJobId: status === 'ready' ? jobId : null, status, error: null, filter: noResultFilter, sort: null })
  },
  follow(progress) {
    const { jobId, fetchedAt, costMs, loadedJobId, results, fetching } = get()
    if (jobId !== progress.id) return
    if (progress.status !== 'running') {
      // The last word of a run: the table must end complete.
      if (loadedJobId !== progress.id || results.length !== progress.done) void get().refresh()
      return
    }
    if (fetching) return
    const due = Date.now() - fetchedAt >= Math.max(minRefreshMs, costMs * refreshCostFactor)
    if (loadedJobId !== progress.id || due) void get().refresh()
  },
  async refresh() {
    const { jobId, loadedJobId } = get()
    if (jobId === null) return
    if (get().fetching) {
      set({ stale: true })
      return
    }
    const startedAt = performance.now()
    // Results only ever grow at the end: fetch just the new ones for the run on screen.
    const known = loadedJobId === jobId ? get().results : []
    set({ fetching: true, stale: false, ...(loadedJobId === jobId ? {} : { status: 'loading' as const }) })
    const answer = await call('batchResults', { jobId, from: known.length })
    if (get().jobId === jobId) {
      if (answer.ok) {
        const results = answer.value.length === 0 && known.length > 0 ? known : known.concat(answer.value)
        set({ results, loadedJobId: jobId, status: 'ready', error: null })
      } else {
        set({ status: 'error', error: answer.error })
      }
    }
    set({ fetching: false, fetchedAt: Date.now(), costMs: performance.now() - startedAt })
    if (get().stale) await get().refresh()
  },
  setFilter(patch) {
    set((state) => ({ filter: { ...state.filter, ...patch } }))
  },
  clearFilter() {
    set({ filter: noResultFilter })
  },
  setSort(sort) {
    set({ sort })
  },
  toggleSort(column) {
    set(({ sort }) => ({
      sort: sort?.column !== column ? { column, direction: 'asc' } : sort.direction === 'asc' ? { column, direction: 'desc' } : null,
    }))
  },
}))
