import type { AppErrorShape } from '../../../shared/app-error'
import type { AuditList } from '../../../shared/contract/audit-schema'
import { call } from '../api/client'
import { createStore } from './create-store'

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

export const useAudit = createStore<AuditState>((set) => {
  // Each load's number: a later load (after another change) has the fresher answer.
  let loads = 0
  return {
    list: null,
    loading: false,
    error: null,
    exportState: { status: 'idle' },
    async load() {
      const run = ++loads
      set({ loading: true })
      const answer = await call('auditList', {})
      if (run !== loads) return
      set(answer.ok ? { loading: false, list: answer.value, error: null } : { loading: false, error: answer.error })
    },
    async exportLog(format) {
      set({ exportState: { status: 'saving', format } })
      const answer = await call('auditExport', { format })
      if (!answer.ok) set({ exportState: { status: 'failed', error: answer.error } })
      else if (answer.value.path === null) set({ exportState: { status: 'cancelled' } })
      else set({ exportState: { status: 'saved', format, path: answer.value.path } })
    },
  }
})
