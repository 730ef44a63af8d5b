import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual'
import { useCallback, useLayoutEffect, useRef, useState } from 'react'

/** A run of rows in the page, or the empty height that stands in for rows not rendered. */
export type WindowRowSlot = { kind: 'row'; index: number } | { kind: 'gap'; key: string; height: number }

/**
 * Virtual rows of a table that scrolls with the page: only the rows in sight (and `keep`, the
 * row that has the keyboard's focus, wherever it is) are in the DOM; gaps stand in for the rest.
 * Every row is `rowHeight` high, so nothing has to be measured.
 */
export function useWindowRows(rows: readonly { id: string | number }[], rowHeight: number, overscan: number, keep: number) {
  const bodyRef = useRef<HTMLTableSectionElement>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  // Cards above the table grow as results arrive, and an alert or a button may appear above it:
  // the table's place in the page is read again whenever the page changes height.
  useLayoutEffect(() => {
    const measure = () => {
      const top = bodyRef.current ? bodyRef.current.getBoundingClientRect().top + window.scrollY : 0
      setScrollMargin((before) => (Math.abs(top - before) >= 1 ? top : before))
    }
    measure()
    const observer = new ResizeObserver(measure)
    // The page's main region grows with whatever appears above the table (the body keeps the window's height).
    observer.observe(bodyRef.current?.closest('main') ?? document.body)
    return () => {
      observer.disconnect()
    }
  }, [rows.length])
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range)
      return keep < 0 || keep >= range.count || indexes.includes(keep) ? indexes : [...indexes, keep].sort((a, b) => a - b)
    },
    [keep],
  )
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => rowHeight,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan,
    scrollMargin,
    rangeExtractor,
  })
  const slots: WindowRowSlot[] = []
  let cursor = scrollMargin
  for (const item of virtualizer.getVirtualItems()) {
    if (item.start > cursor) slots.push({ kind: 'gap', key: `gap-${item.index}`, height: item.start - cursor })
    slots.push({ kind: 'row', index: item.index })
    cursor = item.end
  }
  const rest = virtualizer.getTotalSize() + scrollMargin - cursor
  if (rest > 0) slots.push({ kind: 'gap', key: 'gap-end', height: rest })
  return { bodyRef, slots }
}
