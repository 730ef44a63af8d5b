import type { Page } from 'playwright-core'
import { isFocused } from './keyboard'

/** What a user sees of the batch results table in the window. */
export interface TableFigures {
  rowsInSight: number
  sideways: number
  rowHeights: number[]
  headersInSight: string[]
}

export const measureTable = `(() => {
  const table = document.querySelector('table[aria-label="Batch results"]')
  const rows = [...table.querySelectorAll('tbody tr[data-index]')]
  const header = document.querySelector('header')
  const top = header ? header.getBoundingClientRect().bottom : 0
  const thead = table.querySelector('thead').getBoundingClientRect()
  const inSight = rows.filter((row) => {
    const box = row.getBoundingClientRect()
    if (box.top < Math.max(top, thead.bottom) - 1 || box.bottom > innerHeight + 1) return false
    const hit = document.elementFromPoint(box.left + 4, box.top + box.height / 2)
    return hit !== null && row.contains(hit)
  })
  let sideways = 0
  for (let node = table; node; node = node.parentElement) sideways = Math.max(sideways, node.scrollWidth - node.clientWidth)
  const headersInSight = [...table.querySelectorAll('thead th')].filter((th) => {
    const box = th.getBoundingClientRect()
    const hit = document.elementFromPoint(Math.min(box.left + 8, innerWidth - 1), box.top + box.height / 2)
    return box.right <= innerWidth && hit !== null && th.contains(hit)
  }).map((th) => th.textContent.replace(/[▲▼↕]/g, '').trim())
  return { rowsInSight: inSight.length, sideways, rowHeights: [...new Set(rows.map((r) => Math.round(r.getBoundingClientRect().height)))], headersInSight }
})()`

/** Tab presses from the run's panel to Export CSV; the stops on the way are printed when it is never reached. */
export async function tabsFromRunToExport(page: Page): Promise<number> {
  await page.getByRole('region', { name: 'Run' }).focus()
  const target = page.getByRole('button', { name: 'Export CSV' })
  const stops: string[] = []
  for (let presses = 1; presses <= 120; presses++) {
    await page.keyboard.press('Tab')
    if (await isFocused(target)) return presses
    stops.push(
      await page.evaluate<string>(
        'document.activeElement.tagName + ":" + (document.activeElement.getAttribute("aria-label") || document.activeElement.textContent).slice(0, 30)',
      ),
    )
  }
  console.log(`Export CSV not reached in 120 Tab presses: ${stops.join(' | ')}`)
  return Number.POSITIVE_INFINITY
}
