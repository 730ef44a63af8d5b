import type { AppErrorShape } from '../../../shared/app-error'
import { call } from '../api/client'
import { useBatchResults } from './batch-results-store'
import { createStore } from './create-store'

type ExportFormat = 'csv' | 'json'

export type ExportState =
  | { status: 'idle' }
  | { status: 'saving'; format: ExportFormat }
  | { status: 'saved'; format: ExportFormat; path: string; summaryPath?: string }
  | { status: 'cancelled'; format: ExportFormat }
  | { status: 'failed'; format: ExportFormat; error: AppErrorShape }

interface BatchExportState {
  includeEmails: boolean
  exportState: ExportState
  setIncludeEmails: (value: boolean) => void
  /** The run on screen's results, all or only those with these IDs (the rows the filters show). */
  exportResults: (format: ExportFormat, onlyIds?: string[]) => Promise<void>
  /** Another run is on screen: the last export's outcome was about the previous one. */
  clear: () => void
}

export const useBatchExport = createStore<BatchExportState>((set, get) => ({
  includeEmails: false,
  exportState: { status: 'idle' },
  setIncludeEmails(value) {
    set({ includeEmails: value })
  },
  async exportResults(format, onlyIds) {
    const { jobId } = useBatchResults.getState()
    if (jobId === null) return
    set({ exportState: { status: 'saving', format } })
    const answer = await call('batchExport', { jobId, format, includeEmails: get().includeEmails, ...(onlyIds ? { onlyIds } : {}) })
    if (!answer.ok) set({ exportState: { status: 'failed', format, error: answer.error } })
    else if (answer.value.path === null) set({ exportState: { status: 'cancelled', format } })
    else {
      const { path, summaryPath } = answer.value
      set({ exportState: { status: 'saved', format, path, ...(summaryPath === undefined ? {} : { summaryPath }) } })
    }
  },
  clear() {
    set({ exportState: { status: 'idle' } })
  },
}))
