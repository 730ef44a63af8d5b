import type { AuditEntry, AuditVerification } from '../../shared/contract/audit-schema'
import { toCsv, type CsvColumns } from '../storage/csv'

export type AuditExportFormat = 'csv' | 'json'

const columns: CsvColumns<AuditEntry> = [
  ['seq', (e) => e.seq],
  ['at', (e) => e.at],
  ['user', (e) => e.user],
  ['environment', (e) => e.environment],
  ['account', (e) => e.account ?? ''],
  ['action', (e) => e.action],
  ['detail', (e) => e.detail],
  ['prev_hash', (e) => e.prevHash],
  ['hash', (e) => e.hash],
]

/**
 * The log as a file, hashes included so the chain can be checked elsewhere. JSON also
 * carries the verification; CSV is the entries alone, cells defused for spreadsheets.
 */
export function exportAudit(entries: AuditEntry[], verification: AuditVerification, format: AuditExportFormat, exportedAt: Date): string {
  if (format === 'json') return `${JSON.stringify({ exportedAt: exportedAt.toISOString(), verification, entries }, null, 2)}\n`
  return toCsv(columns, entries)
}
