import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef } from 'react'

/**
 * Virtual rows for a long table inside a scroll area: only the rows in sight are in the
 * DOM, with padding rows above and below standing in for the rest.
 */
export function useVirtualRows(rows: readonly { id: string | number }[], rowHeight: number, overscan: number) {
  const viewportRef = useRef<HTMLDivElement>(null)
  // The app is not built with the React Compiler; nothing below is memoised on the virtualizer.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => viewportRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan,
  })
  const items = virtualizer.getVirtualItems()
  return {
    viewportRef,
    virtualizer,
    items,
    paddingTop: items[0]?.start ?? 0,
    paddingBottom: virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0),
  }
}
