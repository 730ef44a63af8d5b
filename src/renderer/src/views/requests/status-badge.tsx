import { Badge } from '@mantine/core'
import type { RequestLogEntry } from '../../../../shared/contract/request-log-schema'
import { statusClassOf } from './request-filters'

const colors = { '2xx': 'teal', '4xx': 'orange', '5xx': 'red', none: 'gray', other: 'gray' } as const

/** The HTTP status, or why no status came; a 429 stands out in solid red. */
export function StatusBadge({ entry }: { entry: Pick<RequestLogEntry, 'status' | 'rateLimited' | 'errorCode'> }) {
  if (entry.rateLimited) {
    return (
      <Badge color="red" variant="filled" size="sm" title="429 Too Many Requests: not processed, retried after a wait">
        {entry.status ?? 429}
      </Badge>
    )
  }
  if (entry.status === null) {
    return (
      <Badge color="gray" variant="outline" size="sm" title={entry.errorCode ?? undefined}>
        {entry.errorCode === 'timeout' ? 'Timed out' : 'No answer'}
      </Badge>
    )
  }
  return (
    <Badge color={colors[statusClassOf(entry.status)]} variant="light" size="sm">
      {entry.status}
    </Badge>
  )
}
