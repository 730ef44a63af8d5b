import { useVirtualRows } from '../../hooks/use-virtual-rows'
import stickyHeader from '../../components/sticky-header.module.css'
import { ScrollArea, Table } from '@mantine/core'
import type { RequestLogEntry } from '../../../../shared/contract/request-log-schema'
import { RequestRow } from './request-row'

// A row is one line of xs text and a small badge; measured anyway, so a wrap cannot drift.
const rowHeight = 33
const columns = [
  { label: 'Time', width: 100 },
  // Wide enough for each heading in bold: narrower, the sticky header clipped "Method" and "Attempt".
  { label: 'Method', width: 76 },
  { label: 'Path', width: undefined },
  { label: 'Account', width: 110 },
  { label: 'Status', width: 84 },
  { label: 'Duration', width: 70 },
  { label: 'Attempt', width: 76 },
  { label: 'Queued', width: 66 },
  { label: 'Priority', width: 80 },
]

/** Only the rows in sight are in the DOM, so 10,000 entries scroll as smoothly as ten. */
export function RequestTable({ rows, maxHeight }: { rows: RequestLogEntry[]; maxHeight: number }) {
  const { viewportRef, virtualizer, items, paddingTop, paddingBottom } = useVirtualRows(rows, rowHeight, 10)
  return (
    <ScrollArea.Autosize
      mah={maxHeight}
      type="auto"
      viewportRef={viewportRef}
      classNames={{ viewport: stickyHeader.viewport ?? '' }}
      viewportProps={{ tabIndex: 0, 'aria-label': 'Request log, scrollable' }}
    >
      <Table
        stickyHeader
        layout="fixed"
        miw={720}
        verticalSpacing={6}
        highlightOnHover
        tabularNums
        aria-label="Request log"
        aria-rowcount={rows.length + 1}
      >
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
