import type { RequestLogEntry } from '../../../../shared/contract/request-log-schema'
import { noFilter, type RequestFilter, type StatusClass } from '../../stores/requests-store'

export function statusClassOf(status: number | null): Exclude<StatusClass, 'all'> | 'other' {
  if (status === null) return 'none'
  if (status >= 200 && status < 300) return '2xx'
  if (status >= 400 && status < 500) return '4xx'
  if (status >= 500 && status < 600) return '5xx'
  return 'other'
}

export function isFiltered(filter: RequestFilter): boolean {
  return filter.status !== noFilter.status || filter.rateLimitedOnly || filter.path.trim() !== ''
}

/** The entries that pass `filter`, newest first. The log keeps them oldest first. */
export function filterNewestFirst(entries: readonly RequestLogEntry[], filter: RequestFilter): RequestLogEntry[] {
  const text = filter.path.trim().toLowerCase()
  const rows: RequestLogEntry[] = []
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const entry = entries[index]
    if (entry === undefined) continue
    if (filter.rateLimitedOnly && !entry.rateLimited) continue
    if (filter.status !== 'all' && statusClassOf(entry.status) !== filter.status) continue
    if (text !== '' && !entry.path.toLowerCase().includes(text)) continue
    rows.push(entry)
  }
  return rows
}
