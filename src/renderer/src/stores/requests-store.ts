import type { AppErrorShape } from '../../../shared/app-error'
import type { RequestLogEntry } from '../../../shared/contract/request-log-schema'
import type { SchedulerConfigView, SchedulerStateView } from '../../../shared/contract/scheduler-schema'
import { invoke, subscribe } from '../api/client'
import { createStore } from './create-store'
import { requestsNews } from './requests-news'
import { toErrorShape } from './error-shape'

// The main process keeps 10,000 entries; the screen mirrors the same window.
const maxEntries = 10_000

function withEntries(existing: RequestLogEntry[], incoming: RequestLogEntry[]): Pick<RequestsState, 'entries' | 'rateLimitedCount'> {
  const lastId = existing.at(-1)?.id ?? 0
  const fresh = incoming.filter((entry) => entry.id > lastId)
  const all = fresh.length === 0 ? existing : existing.concat(fresh)
  const entries = all.length > maxEntries ? all.slice(all.length - maxEntries) : all
  return { entries, rateLimitedCount: entries.reduce((count, entry) => count + (entry.rateLimited ? 1 : 0), 0) }
}

/** The config as the scheduler reports it, keeping the old object when nothing changed. */
function configFrom(current: SchedulerConfigView | null, state: SchedulerStateView): SchedulerConfigView {
  if (current?.ceiling === state.ceiling && current.concurrency === state.concurrency && current.headroom === state.headroom) return current
  return { ceiling: state.ceiling, concurrency: state.concurrency, headroom: state.headroom }
}

/** 'none': no answer came (timeout, reset, refused). */
export type StatusClass = 'all' | '2xx' | '4xx' | '5xx' | 'none'

export interface RequestFilter {
  status: StatusClass
  rateLimitedOnly: boolean
  /** Case-insensitive text the path must contain. */
  path: string
}

export const noFilter: RequestFilter = { status: 'all', rateLimitedOnly: false, path: '' }

interface RequestsState {
  entries: RequestLogEntry[]
  rateLimitedCount: number
  scheduler: SchedulerStateView | null
  config: SchedulerConfigView | null
  started: boolean
  /** The first snapshot of the log and the scheduler: live events only add to it. */
  load: 'idle' | 'loading' | 'ready' | 'error'
  loadError: AppErrorShape | null
  filter: RequestFilter
  /** Follows the log and the scheduler live, then loads both once. */
  start: () => Promise<void>
  /** Loads the snapshot again after a failed start. */
  reload: () => Promise<void>
  /** Throws the AppError of a refused change; the screen shows its message. */
  configure: (patch: Partial<SchedulerConfigView>) => Promise<void>
  setFilter: (patch: Partial<RequestFilter>) => void
  clearFilter: () => void
}

export const useRequests = createStore<RequestsState>((set, get, scope) => {
  const news = requestsNews(scope)
  return {
    entries: [],
    rateLimitedCount: 0,
    scheduler: null,
    config: null,
    started: false,
    load: 'idle',
    loadError: null,
    filter: noFilter,
    async start() {
      if (get().started) return
      set({ started: true })
      // Owned by the store: a reset unsubscribes, and the next start follows the events again.
      scope.own(
        subscribe('requestLogAppended', (batch) => {
          const lastId = get().entries.at(-1)?.id ?? 0
          set((state) => withEntries(state.entries, batch))
          news.logged(batch.filter((entry) => entry.id > lastId))
        }),
      )
      // The ceiling, concurrency and headroom ride along with every state, so a change made on the
      // Settings screen shows here too.
      scope.own(
        subscribe('schedulerState', (scheduler) => {
          const before = get().scheduler
          set((state) => ({ scheduler, config: configFrom(state.config, scheduler) }))
          news.scheduler(before, scheduler)
        }),
      )
      await get().reload()
    },
    async reload() {
      set({ load: 'loading', loadError: null })
      try {
        const [snapshot, { config, state }] = await Promise.all([invoke('getRequestLog', {}), invoke('getScheduler', {})])
        // Live batches may have arrived before the snapshot: entry IDs only grow, so merge by ID.
        set((current) => ({
          ...withEntries(snapshot, current.entries),
          config: current.config ?? config,
          scheduler: current.scheduler ?? state,
          load: 'ready',
        }))
      } catch (error) {
        set({ load: 'error', loadError: toErrorShape(error) })
      }
    },
    async configure(patch) {
      const { config, state } = await invoke('configureScheduler', patch)
      set({ config, scheduler: state })
    },
    setFilter(patch) {
      set((state) => ({ filter: { ...state.filter, ...patch } }))
    },
    clearFilter() {
      set({ filter: noFilter })
    },
  }
})
