import type { RequestLogEntry } from '../../../shared/contract/request-log-schema'
import type { SchedulerConfigView, SchedulerStateView } from '../../../shared/contract/scheduler-schema'
import { invoke, subscribe } from '../api/client'
import { createStore } from './create-store'

// The main process keeps 10,000 entries; the screen mirrors the same window.
const maxEntries = 10_000

function withEntries(existing: RequestLogEntry[], incoming: RequestLogEntry[]): Pick<RequestsState, 'entries' | 'rateLimitedCount'> {
  const lastId = existing.at(-1)?.id ?? 0
  const fresh = incoming.filter((entry) => entry.id > lastId)
  const all = fresh.length === 0 ? existing : existing.concat(fresh)
  const entries = all.length > maxEntries ? all.slice(all.length - maxEntries) : all
  return { entries, rateLimitedCount: entries.reduce((count, entry) => count + (entry.rateLimited ? 1 : 0), 0) }
}

interface RequestsState {
  entries: RequestLogEntry[]
  rateLimitedCount: number
  scheduler: SchedulerStateView | null
  config: SchedulerConfigView | null
  started: boolean
  /** Loads the log and the scheduler once, then follows both live. */
  start(): Promise<void>
  configure(patch: Partial<SchedulerConfigView>): Promise<void>
}

export const useRequests = createStore<RequestsState>((set, get) => ({
  entries: [],
  rateLimitedCount: 0,
  scheduler: null,
  config: null,
  started: false,
  async start() {
    if (get().started) return
    set({ started: true })
    subscribe('requestLogAppended', (batch) => {
      set((state) => withEntries(state.entries, batch))
    })
    subscribe('schedulerState', (scheduler) => {
      set({ scheduler })
    })
    const [snapshot, { config, state }] = await Promise.all([invoke('getRequestLog', {}), invoke('getScheduler', {})])
    // Live batches may have arrived before the snapshot: entry IDs only grow, so merge by ID.
    set((current) => ({ ...withEntries(snapshot, current.entries), config, scheduler: current.scheduler ?? state }))
  },
  async configure(patch) {
    const { config, state } = await invoke('configureScheduler', patch)
    set({ config, scheduler: state })
  },
}))
