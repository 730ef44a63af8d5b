import { basename } from 'node:path'
import { AppError, isAppError } from '../../shared/app-error'
import {
  auditActionLabels,
  auditListLimit,
  type AuditEvent,
  type AuditList,
  type UnwrittenAuditEvent,
} from '../../shared/contract/audit-schema'
import { exportAudit, type AuditExportFormat } from '../audit/audit-export'
import type { AuditLog } from '../audit/audit-log'
import { writeFileAtomic } from '../storage/atomic-file'
import { fsErrorCode } from '../storage/json-file'
import type { FileDialogs } from './batch-service'

/** What the services see of the audit log: recording never throws and never blocks an action. */
export interface AuditRecorder {
  record(event: AuditEvent): Promise<void>
}

export interface AuditService extends AuditRecorder {
  /** What to tell the user at start when the log fails its check; null when it holds. */
  check(): Promise<string | null>
  list(): Promise<AuditList>
  export(format: AuditExportFormat): Promise<{ path: string | null }>
}

// Held in memory while the log cannot be written; past this, the oldest go (and the user is told).
const maxUnwritten = 500

export function createAuditService(deps: {
  log: AuditLog
  dialogs: FileDialogs
  /** Tells the user that an entry could not be written (the action itself went ahead). */
  onWriteProblem: (message: string) => void
  now?: () => Date
}): AuditService {
  const now = deps.now ?? (() => new Date())
  const unwritten: UnwrittenAuditEvent[] = []

  /** Writes what is waiting, oldest first; stops at the first failure and returns its reason. */
  async function flush(): Promise<{ failed: string | null; warnings: string[] }> {
    const warnings: string[] = []
    for (;;) {
      const next = unwritten[0]
      if (!next) return { failed: null, warnings }
      try {
        const outcome = await deps.log.append(
          {
            environment: next.environment,
            ...(next.account === undefined ? {} : { account: next.account }),
            action: next.action,
            detail: next.detail,
          },
          new Date(next.at),
        )
        if (outcome.warning) warnings.push(outcome.warning)
        unwritten.shift()
      } catch (error) {
        if (!isAppError(error)) throw error
        next.reason = error.message
        return { failed: error.message, warnings }
      }
    }
  }

  return {
    async record(event) {
      unwritten.push({ ...event, at: now().toISOString(), reason: '' })
      const dropped = unwritten.length > maxUnwritten ? unwritten.shift() : undefined
      const { failed, warnings } = await flush()
      const messages = [...warnings]
      if (failed) {
        const waiting = unwritten.length > 1 ? ` ${unwritten.length} entries are waiting to be written.` : ''
        messages.push(
          `"${auditActionLabels[event.action]}" was carried out, but the audit log has no entry for it yet. ${failed} The app will write the entry as soon as the log can be written again, while it keeps running.${waiting}`,
        )
      }
      if (dropped)
        messages.push(`The oldest audit entry waiting to be written ("${dropped.detail}") was dropped: at most ${maxUnwritten} are kept.`)
      for (const message of messages) deps.onWriteProblem(message)
    },

    async check() {
      try {
        const { verification } = await deps.log.read()
        if (verification.ok) return null
        const count = verification.problems.length
        return `The audit log failed its check (${count === 1 ? '1 problem' : `${count} problems`}): see Audit log at the end of Settings.`
      } catch (error) {
        if (!isAppError(error)) throw error
        return error.message
      }
    },

    async list() {
      // A failure here is already known and shown as the waiting entries.
      await flush()
      const { entries, verification } = await deps.log.read()
      const newest = entries.slice(-auditListLimit).reverse()
      return { entries: newest, total: entries.length, verification, unwritten: [...unwritten] }
    },

    async export(format) {
      const at = now()
      const path = await deps.dialogs.chooseExportPath(
        `payments-desk-audit-${at.toISOString().slice(0, 10)}.${format}`,
        'Export the audit log',
      )
      if (path === null) return { path: null }
      const { entries, verification } = await deps.log.read()
      try {
        await writeFileAtomic(path, exportAudit(entries, verification, format, at))
      } catch (error) {
        const code = fsErrorCode(error)
        const reason =
          code === 'ENOSPC'
            ? 'the disk is full'
            : code === 'ENOENT'
              ? 'its folder does not exist'
              : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
                ? 'Payments Desk may not write there'
                : code
                  ? `of an unexpected error (${code})`
                  : 'of an unknown error'
        throw new AppError('storage', `Could not write ${basename(path)} because ${reason}. Nothing was exported.`, { cause: error })
      }
      return { path }
    },
  }
}
