import { Table, Text, UnstyledButton } from '@mantine/core'
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { BatchResult } from '../../../../shared/contract/batch-schema'
import { useWindowRows } from '../../hooks/use-window-rows'
import { useBatchResults, type SortColumn } from '../../stores/batch-results-store'
import { ResultDetail } from './result-detail'
import { ResultRow, rowDomId } from './result-row'
import classes from './results-table.module.css'

const rowHeight = 36

/** The columns a finance user reads; the rest (currency code, method, raw code, UTC time) is in each row's detail. */
export const resultColumns: { column: SortColumn; label: string; width?: string; optional?: true; align?: 'right' }[] = [
  { column: 'id', label: 'ID', width: '8rem' },
  { column: 'status', label: 'Status', width: '6.75rem' },
  { column: 'failure', label: 'Failure' },
  { column: 'retryable', label: 'Retryable', width: '6.25rem', optional: true },
  { column: 'amount', label: 'Amount', width: '7rem', align: 'right' },
  { column: 'attemptedAt', label: 'Attempted at', width: '8rem', optional: true },
]

// How far a key moves the active row.
function target(key: string, index: number, count: number): number | null {
  const page = Math.max(1, Math.floor((window.innerHeight - 160) / rowHeight))
  const moves: Record<string, number> = {
    ArrowDown: index + 1,
    ArrowUp: index - 1,
    PageDown: index + page,
    PageUp: index - page,
    Home: 0,
    End: count - 1,
  }
  const next = moves[key]
  return next === undefined ? null : Math.min(count - 1, Math.max(0, next))
}

/**
 * Only the rows in sight are in the DOM, so 50,000 results scroll with the page as smoothly as
 * fifty. The table is one Tab stop (a grid with a roving focus): the arrows, Page Up/Down, Home
 * and End move between rows, Enter (or a click) opens a row's detail.
 */
export function ResultsTable({ rows }: { rows: BatchResult[] }) {
  const { sort, toggleSort } = useBatchResults(useShallow((s) => ({ sort: s.sort, toggleSort: s.toggleSort })))
  const [active, setActive] = useState(0)
  const [open, setOpen] = useState<BatchResult | null>(null)
  const focusWanted = useRef(false)
  const activeRow = Math.min(active, rows.length - 1)
  const { bodyRef, slots } = useWindowRows(rows, rowHeight, 12, activeRow)

  useEffect(() => {
    if (!focusWanted.current) return
    const row = document.getElementById(rowDomId(activeRow))
    if (row) {
      focusWanted.current = false
      row.focus()
    }
  })

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTableRowElement>) => {
      const index = Number(event.currentTarget.dataset.index)
      if (event.key === 'Enter') {
        event.preventDefault()
        setOpen(rows[index] ?? null)
        return
      }
      const next = target(event.key, index, rows.length)
      if (next === null) return
      event.preventDefault()
      setActive(next)
      // A row already in the page takes the focus at once; one further away once it is rendered.
      const row = document.getElementById(rowDomId(next))
      if (row) row.focus()
      else focusWanted.current = true
    },
    [rows],
  )
  const onOpen = useCallback(
    (index: number) => {
      setActive(index)
      setOpen(rows[index] ?? null)
    },
    [rows],
  )

  return (
    <div className={classes.wrap}>
      <Text id="batch-results-keys" size="xs" c="dimmed" mb={4}>
        One Tab stop: the arrow keys, Page Up/Down, Home and End move between rows; Enter opens a row's detail.
      </Text>
      <Table
        className={classes.table}
        role="grid"
        aria-readonly
        stickyHeader
        stickyHeaderOffset="var(--app-shell-header-height, 0px)"
        verticalSpacing={0}
        horizontalSpacing={8}
        highlightOnHover
        tabularNums
        aria-label="Batch results"
        aria-rowcount={rows.length + 1}
        aria-describedby="batch-results-keys"
      >
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            {resultColumns.map(({ column, label, width, optional, align }) => {
              const direction = sort?.column === column ? sort.direction : null
              return (
                <Table.Th
                  key={column}
                  w={width}
                  ta={align}
                  className={optional ? classes.optional : undefined}
                  aria-sort={direction === null ? 'none' : direction === 'asc' ? 'ascending' : 'descending'}
                >
                  {/* The mouse's way to sort; the keyboard's is the Sort field above, so the table stays one Tab stop. */}
                  <UnstyledButton
                    tabIndex={-1}
                    className={classes.sort}
                    onClick={() => {
                      toggleSort(column)
                    }}
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
        <Table.Tbody ref={bodyRef}>
          {slots.map((slot) => {
            if (slot.kind === 'gap') return <Table.Tr key={slot.key} aria-hidden h={slot.height} />
            const result = rows[slot.index]
            if (result === undefined) return null
            return (
              <ResultRow
                key={result.id}
                result={result}
                index={slot.index}
                active={slot.index === activeRow}
                height={rowHeight}
                onOpen={onOpen}
                onKeyDown={onKeyDown}
                onFocusRow={setActive}
              />
            )
          })}
        </Table.Tbody>
      </Table>
      <ResultDetail
        result={open}
        onClose={() => {
          setOpen(null)
        }}
      />
    </div>
  )
}
