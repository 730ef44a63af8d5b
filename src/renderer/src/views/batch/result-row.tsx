import { Badge, Table, Text } from '@mantine/core'
import { memo, type KeyboardEvent } from 'react'
import type { BatchResult } from '../../../../shared/contract/batch-schema'
import type { Retryable } from '../../../../shared/decline-codes'
import { formatLocalShort, readTime } from '../../../../shared/format/time'
import { statusColor as paymentStatusColor } from '../../format/status-color'
import { amountText } from './amount-text'
import { failureWords, statusLabel } from './result-filters'
import classes from './results-table.module.css'

export const retryColors: Record<Retryable, string> = { yes: 'teal', no: 'red', depends: 'yellow', later: 'blue' }

export function resultStatusColor(result: BatchResult): string {
  if (result.outcome === 'not-found') return 'gray'
  if (result.outcome === 'error') return 'orange'
  return paymentStatusColor(result.paymentStatus)
}

/** The row's place in the page: the DOM ID the table's focus goes by. */
export const rowDomId = (index: number): string => `batch-result-row-${index}`

interface ResultRowProps {
  result: BatchResult
  /** Position in the filtered list, for the virtualizer and for aria-rowindex. */
  index: number
  /** The one row the table's Tab stop lands on. */
  active: boolean
  height: number
  onOpen: (index: number) => void
  onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => void
  onFocusRow: (index: number) => void
}

function Row({ result, index, active, height, onOpen, onKeyDown, onFocusRow }: ResultRowProps) {
  const attempted = result.attemptedAt === null ? null : readTime(result.attemptedAt)
  const attemptedAt = result.attemptedAt === null ? Number.NaN : Date.parse(result.attemptedAt)
  const failure = failureWords(result)
  const amount = amountText(result)
  return (
    <Table.Tr
      id={rowDomId(index)}
      className={classes.row}
      h={height}
      tabIndex={active ? 0 : -1}
      data-index={index}
      aria-rowindex={index + 2}
      data-outcome={result.outcome}
      onClick={() => {
        onOpen(index)
      }}
      onKeyDown={onKeyDown}
      onFocus={() => {
        onFocusRow(index)
      }}
    >
      <Table.Td ff="monospace" fz="xs" title={result.id}>
        {result.id}
      </Table.Td>
      <Table.Td>
        <Badge size="sm" variant="light" color={resultStatusColor(result)} maw="100%">
          {statusLabel(result)}
        </Badge>
      </Table.Td>
      <Table.Td fz="xs" title={failure === null ? undefined : result.errorCode ? `${failure} (${result.errorCode})` : failure}>
        {failure}
      </Table.Td>
      <Table.Td className={classes.optional}>
        {result.retryable && (
          <Badge size="sm" variant="dot" color={retryColors[result.retryable]}>
            {result.retryable}
          </Badge>
        )}
      </Table.Td>
      <Table.Td ta="right" title={amount?.title}>
        {amount && (
          <Text span size="xs" c={result.currency === null ? 'dimmed' : undefined}>
            {amount.text}
          </Text>
        )}
      </Table.Td>
      <Table.Td className={classes.optional} fz="xs" title={attempted ? `${attempted.local} (${attempted.utc})` : undefined}>
        {Number.isNaN(attemptedAt) ? null : formatLocalShort(attemptedAt)}
      </Table.Td>
    </Table.Tr>
  )
}

/** One result, one line; memoised, so scrolling renders only the rows coming into sight. */
export const ResultRow = memo(Row)
