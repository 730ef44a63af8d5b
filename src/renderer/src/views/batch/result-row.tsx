import { statusColor as paymentStatusColor } from '../../format/status-color'
import { Anchor, Badge, Code, Table, Text } from '@mantine/core'
import { memo, type Ref } from 'react'
import type { BatchResult } from '../../../../shared/contract/batch-schema'
import type { Retryable } from '../../../../shared/decline-codes'
import { formatMoney, minorUnitsAssumption } from '../../../../shared/format/money'
import { readTime } from '../../../../shared/format/time'
import { statusLabel } from './result-filters'

const retryColors: Record<Retryable, string> = { yes: 'teal', no: 'red', depends: 'yellow', later: 'blue' }

function statusColor(result: BatchResult): string {
  if (result.outcome === 'not-found') return 'gray'
  if (result.outcome === 'error') return 'orange'
  return paymentStatusColor(result.paymentStatus)
}

interface ResultRowProps {
  result: BatchResult
  /** Position in the filtered list, for the virtualizer and for aria-rowindex. */
  index: number
  measureRef: Ref<HTMLTableRowElement>
  onOpen: (id: string) => void
}

function Row({ result, index, measureRef, onOpen }: ResultRowProps) {
  const attempted = result.attemptedAt === null ? null : readTime(result.attemptedAt)
  return (
    <Table.Tr ref={measureRef} data-index={index} aria-rowindex={index + 2} data-outcome={result.outcome}>
      <Table.Td>
        <Anchor
          component="button"
          type="button"
          size="xs"
          ff="monospace"
          onClick={() => {
            onOpen(result.id)
          }}
          title={`Open ${result.id} on the Payments screen`}
          maw="100%"
          truncate="end"
        >
          {result.id}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Badge size="sm" variant="light" color={statusColor(result)} title={result.failure?.message}>
          {statusLabel(result)}
        </Badge>
      </Table.Td>
      <Table.Td>
        {result.amount !== null && (
          <Text size="xs" title={`${result.amount} as the service sent it, ${minorUnitsAssumption}`}>
            {formatMoney(result.amount, result.currency)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="xs">{result.currency}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="xs">{result.paymentMethod}</Text>
      </Table.Td>
      <Table.Td>
        {result.errorCode !== null ? (
          // The longest codes (withdrawal_count_limit_exceeded) are wider than the column: they wrap, not spill.
          <Code fz="xs" style={{ overflowWrap: 'anywhere' }}>
            {result.errorCode}
          </Code>
        ) : (
          result.failure && (
            <Text size="xs" c="orange" truncate="end" title={result.failure.message}>
              lookup: {result.failure.code}
            </Text>
          )
        )}
      </Table.Td>
      <Table.Td>
        {result.retryable && (
          <Badge size="sm" variant="dot" color={retryColors[result.retryable]}>
            {result.retryable}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        {attempted && (
          <Text size="xs" title={attempted.utc}>
            {attempted.local}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  )
}

/** One result; memoised, so scrolling renders only the rows coming into sight. */
export const ResultRow = memo(Row)
