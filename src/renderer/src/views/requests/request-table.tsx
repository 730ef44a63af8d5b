import { ScrollArea, Table } from '@mantine/core'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef } from 'react'
import type { RequestLogEntry } from '../../../../shared/contract/request-log-schema'
import { RequestRow } from './request-row'

// A row is one line of xs text and a small badge; measured anyway, so a wrap cannot drift.
const rowHeight = 33
const columns = [
  { label: 'Time', width: 100 },
  { label: 'Method', width: 58 },
  { label: 'Path', width: undefined },
  { label: 'Status', width: 84 },
  { label: 'Duration', width: 70 },
  { label: 'Attempt', width: 62 },
  { label: 'Queued', width: 66 },
  { label: 'Priority', width: 80 },
]

/** Only the rows in sight are in the DOM, so 10,000 entries scroll as smoothly as ten. */
export function RequestTable({ rows, maxHeight }: { rows: RequestLogEntry[]; maxHeight: number }) {
  const viewportRef = useRef<HTMLDivElement>(null)
  // The app is not built with the React Compiler, and nothing below is memoised on the
  // virtualizer's functions, so its skipping this component changes nothing.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => viewportRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 10,
  })
  const items = virtualizer.getVirtualItems()
  const paddingTop = items[0]?.start ?? 0
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0)
  return (
    <ScrollArea.Autosize
      mah={maxHeight}
      type="auto"
      viewportRef={viewportRef}
      viewportProps={{ tabIndex: 0, 'aria-label': 'Request log, scrollable' }}
    >
      <Table stickyHeader layout="fixed" miw={680} verticalSpacing={6} highlightOnHover tabularNums aria-label="Request log" aria-rowcount={rows.length + 1}>
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            {columns.map((column) => (
              <Table.Th key={column.label} w={column.width} fz="xs">
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {paddingTop > 0 && <Table.Tr aria-hidden h={paddingTop} />}
          {items.map((item) => {
            const entry = rows[item.index]
            if (entry === undefined) return null
            return <RequestRow key={entry.id} entry={entry} index={item.index} measureRef={virtualizer.measureElement} />
          })}
          {paddingBottom > 0 && <Table.Tr aria-hidden h={paddingBottom} />}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  )
}
