import { Table, Text } from '@mantine/core'
import type { Ref } from 'react'
import type { RequestLogEntry } from '../../../../shared/contract/request-log-schema'
import { formatDuration } from '../../../../shared/format/duration'
import { formatClockMs } from '../../../../shared/format/time'
import { StatusBadge } from './status-badge'

interface RequestRowProps {
  entry: RequestLogEntry
  /** Position in the filtered list, for the virtualizer and for aria-rowindex. */
  index: number
  measureRef: Ref<HTMLTableRowElement>
}

export function RequestRow({ entry, index, measureRef }: RequestRowProps) {
  return (
    <Table.Tr
      ref={measureRef}
      data-index={index}
      aria-rowindex={index + 2}
      data-rate-limited={entry.rateLimited ? 'true' : undefined}
      bg={entry.rateLimited ? 'var(--mantine-color-red-light)' : undefined}
    >
      <Table.Td>
        <Text size="xs" ff="monospace" title={`UTC ${new Date(entry.time).toISOString()}`}>
          {formatClockMs(entry.time)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="xs" fw={600}>
          {entry.method}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="xs" ff="monospace" truncate="end" title={entry.path}>
          {entry.path}
        </Text>
      </Table.Td>
      <Table.Td>
        {/* No key was sent (none stored, or refused): no account spoke. */}
        <Text size="xs" truncate="end" title={entry.account ?? 'No key was sent'} c={entry.account === null ? 'dimmed' : undefined}>
          {entry.account ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <StatusBadge entry={entry} />
      </Table.Td>
      <Table.Td>
        <Text size="xs">{formatDuration(entry.durationMs)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="xs" c={entry.attempt > 1 ? 'orange' : undefined} fw={entry.attempt > 1 ? 600 : undefined}>
          {entry.attempt}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="xs" c={entry.queuedMs >= 1000 ? 'orange' : undefined}>
          {formatDuration(entry.queuedMs)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="xs" c={entry.priority === 'batch' ? 'dimmed' : undefined}>
          {entry.priority}
        </Text>
      </Table.Td>
    </Table.Tr>
  )
}
