import type { AuditEntry, AuditList } from '../../../src/shared/contract/audit-schema'

const hash = (n: number) => n.toString(16).padStart(64, '0')

export function auditEntry(seq: number, fields: Partial<AuditEntry> = {}): AuditEntry {
  return {
    seq,
    at: new Date(Date.UTC(2026, 2, 1, 9, seq)).toISOString(),
    user: 'ada',
    environment: 'local',
    action: 'environment-switched',
    detail: `Change ${seq}.`,
    prevHash: hash(seq - 1),
    hash: hash(seq),
    ...fields,
  }
}

/** A list as the main process answers it: newest first. */
export function auditList(entries: AuditEntry[], fields: Partial<AuditList> = {}): AuditList {
  return {
    entries: [...entries].sort((a, b) => b.seq - a.seq),
    total: entries.length,
    verification: { ok: true, problems: [] },
    unwritten: [],
    ...fields,
  }
}
