import type { AppErrorShape } from '../../../shared/app-error'
import type { AuditList } from '../../../shared/contract/audit-schema'
import { invoke } from '../api/client'
import { createStore } from './create-store'
import { toErrorShape } from './error-shape'

export type AuditExportFormat = 'csv' | 'json'

export type AuditExportState =
  | { status: 'idle' }
  | { status: 'saving'; format: AuditExportFormat }
  | { status: 'saved'; format: AuditExportFormat; path: string }
  | { status: 'cancelled' }
  | { status: 'failed'; error: AppErrorShape }

interface AuditState {
  list: AuditList | null
  loading: boolean
  error: AppErrorShape | null
  exportState: AuditExportState
  /** Reads and checks the log again. */
  load: () => Promise<void>
  exportLog: (format: AuditExportFormat) => Promise<void>
}

let loads = 0

export const useAudit = createStore<AuditState>((set) => ({
  list: null,
  loading: false,
  error: null,
  exportState: { status: 'idle' },
  async load() {
    const run = ++loads
    set({ loading: true })
    try {
      const list = await invoke('auditList', {})
      // A later load (after another change) has the fresher answer.
      if (run === loads) set({ list, error: null })
    } catch (error) {
      if (run === loads) set({ error: toErrorShape(error) })
    } finally {
      if (run === loads) set({ loading: false })
    }
  },
  async exportLog(format) {
    set({ exportState: { status: 'saving', format } })
    try {
      const { path } = await invoke('auditExport', { format })
      set({ exportState: path === null ? { status: 'cancelled' } : { status: 'saved', format, path } })
    } catch (error) {
      set({ exportState: { status: 'failed', error: toErrorShape(error) } })
    }
  },
}))
