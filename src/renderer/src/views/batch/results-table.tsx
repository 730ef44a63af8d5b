import { useVirtualRows } from '../../hooks/use-virtual-rows'
import stickyHeader from '../../components/sticky-header.module.css'
import { ScrollArea, Table, Text, UnstyledButton } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import type { BatchResult } from '../../../../shared/contract/batch-schema'
import { useBatchResults, type SortColumn } from '../../stores/batch-results-store'
import { useNavigation } from '../../stores/navigation-store'
import { usePayments } from '../../stores/payments-store'
import { ResultRow } from './result-row'

const rowHeight = 37
const columns: { column: SortColumn; label: string; width?: number }[] = [
  { column: 'id', label: 'ID', width: 160 },
  { column: 'status', label: 'Status', width: 104 },
  { column: 'amount', label: 'Amount', width: 120 },
  // Room for the heading and its sort arrow: at 80 "Currency ↕" spilled out of its cell.
  { column: 'currency', label: 'Currency', width: 96 },
  { column: 'method', label: 'Method', width: 80 },
  { column: 'errorCode', label: 'Error code', width: 190 },
  { column: 'retryable', label: 'Retryable', width: 96 },
  { column: 'attemptedAt', label: 'Attempted at', width: 150 },
]

function openInPayments(id: string): void {
  useNavigation.getState().go('payments')
  void usePayments.getState().open(id)
}

/** Only the rows in sight are in the DOM, so 50,000 results scroll as smoothly as fifty. */
export function ResultsTable({ rows }: { rows: BatchResult[] }) {
  const { sort, toggleSort } = useBatchResults(useShallow((s) => ({ sort: s.sort, toggleSort: s.toggleSort })))
  const { viewportRef, virtualizer, items, paddingTop, paddingBottom } = useVirtualRows(rows, rowHeight, 12)

  return (
    <ScrollArea.Autosize
      mah={520}
      type="auto"
      viewportRef={viewportRef}
      classNames={{ viewport: stickyHeader.viewport ?? '' }}
      viewportProps={{ tabIndex: 0, 'aria-label': 'Results, scrollable' }}
    >
      <Table
        stickyHeader
        layout="fixed"
        miw={996}
        verticalSpacing={6}
        highlightOnHover
        tabularNums
        aria-label="Batch results"
        aria-rowcount={rows.length + 1}
      >
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            {columns.map(({ column, label, width }) => {
              const direction = sort?.column === column ? sort.direction : null
              return (
                <Table.Th key={column} w={width} aria-sort={direction === null ? 'none' : direction === 'asc' ? 'ascending' : 'descending'}>
                  <UnstyledButton
                    onClick={() => {
                      toggleSort(column)
                    }}
                    fz="xs"
                    fw={700}
                    aria-label={`Sort by ${label}`}
                  >
                    {label}
                    <Text span fz="xs" c="dimmed" ml={4} aria-hidden>
                      {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
                    </Text>
                  </UnstyledButton>
                </Table.Th>
              )
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {paddingTop > 0 && <Table.Tr aria-hidden h={paddingTop} />}
          {items.map((item) => {
            const result = rows[item.index]
            if (result === undefined) return null
            return (
              <ResultRow
                key={result.id}
                result={result}
                index={item.index}
                measureRef={virtualizer.measureElement}
                onOpen={openInPayments}
              />
            )
          })}
          {paddingBottom > 0 && <Table.Tr aria-hidden h={paddingBottom} />}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  )
}
