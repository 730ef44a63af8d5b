import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bulkPaymentId } from '../../src/sandbox/seed'
import { failedTotals } from '../../src/shared/batch/failed-totals'
import { rerunIds } from '../../src/shared/batch/rerun'
import { declineCatalogue } from '../../src/shared/decline-catalogue'
import { formatMoney } from '../../src/shared/format/money'
import { join } from 'node:path'
import { launchBrowser, openApp, screenshotDir, type AppPage } from './harness'
import { measureTable, tabsFromRunToExport, type TableFigures } from './batch-table-figures'
import { expectVisibleFocus, isFocused } from './keyboard'

/*
 * The results table as finance reads it: the page scrolls (not a box inside it), the columns a
 * finance user needs are in sight at the smallest window without scrolling sideways, every row is
 * one line, and the table is one Tab stop.
 */

const ids = [...Array.from({ length: 120 }, (_, i) => bulkPaymentId(i + 1)), 'pay_unknown_1']
const needed = ['ID', 'Status', 'Failure', 'Retryable', 'Amount', 'Attempted at']

describe('Batch results table', () => {
  let browser: Browser
  let app: AppPage
  let page: Page

  beforeAll(async () => {
    browser = await launchBrowser()
    app = await openApp(browser, { sandbox: { bulkPayments: 150 } })
    page = app.page
    await page.getByRole('navigation', { name: 'Screens' }).getByText('Batch lookup', { exact: true }).click()
    await page.getByRole('textbox', { name: 'Payment IDs' }).fill(ids.join('\n'))
    await page.getByRole('button', { name: `Look up ${ids.length} IDs` }).click()
    await page.getByTestId('job-status').getByText('completed').waitFor({ timeout: 30_000 })
  })

  afterAll(async () => {
    await app.close()
    await browser.close()
  })

  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 700 },
  ]) {
    it(`shows the needed columns in one-line rows at ${size.width}×${size.height}, and Export is a few Tab presses from Run`, async () => {
      await page.setViewportSize(size)
      // Scrolled well into the table: its header must have stayed in sight.
      await page.evaluate(
        `window.scrollTo(0, document.querySelector('table[aria-label="Batch results"]').getBoundingClientRect().top + window.scrollY + 300)`,
      )
      // The window virtualizer draws the rows for the new scroll position a frame or two later.
      const least = size.height > 750 ? 12 : 9
      await expect
        .poll(async () => (await page.evaluate<TableFigures>(measureTable)).rowsInSight, { timeout: 5_000 })
        .toBeGreaterThanOrEqual(least)
      const figures = await page.evaluate<TableFigures>(measureTable)
      const tabs = await tabsFromRunToExport(page)
      console.log(`${size.width}×${size.height}: ${JSON.stringify({ ...figures, tabsFromRunToExport: tabs })}`)
      expect(figures.sideways, 'something scrolls sideways').toBeLessThanOrEqual(0)
      expect(figures.headersInSight).toEqual(expect.arrayContaining(needed))
      expect(figures.rowHeights, 'every row is one line high').toHaveLength(1)
      // The page scrolls, not a box: the window shows as many rows as it has room for.
      expect(figures.rowsInSight).toBeGreaterThanOrEqual(least)
      expect(tabs).toBeLessThanOrEqual(16)
      await page.mouse.move(0, 0)
      for (const scheme of ['light', 'dark'] as const) {
        await app.setScheme(scheme)
        await page.screenshot({ path: join(screenshotDir, `batch-table-scrolled-${size.width}x${size.height}-${scheme}.png`) })
      }
      await app.setScheme('light')
    })

    it(`labels the failure charts in words, inside their card, on whole-number axes sized to the data, at ${size.width}×${size.height}`, async () => {
      await page.setViewportSize(size)
      const card = page.getByRole('region', { name: 'Failures' })
      await card.scrollIntoViewIfNeeded()
      const cardBox = await card.boundingBox()
      const chart = page.getByTestId('chart-by-code')
      const labels = chart.locator('.recharts-yAxis-tick-labels text')
      const titles = Object.values(declineCatalogue).map((entry) => entry.title)
      // A label recharts wraps is several tspans: read as the words they show.
      const texts = await labels.evaluateAll((nodes) =>
        nodes.map((node) => {
          const text = node as unknown as { textContent: string; querySelectorAll: (s: string) => { textContent: string }[] }
          const spans = [...text.querySelectorAll('tspan')]
          return spans.length > 1 ? spans.map((span) => span.textContent).join(' ') : text.textContent
        }),
      )
      expect(texts.length).toBeGreaterThan(5)
      for (const text of texts) expect(titles, `"${text}" is a label in words`).toContain(text)
      for (const label of await labels.all()) {
        const box = await label.boundingBox()
        expect(
          box && cardBox && box.x >= cardBox.x && box.x + box.width <= cardBox.x + cardBox.width,
          `${await label.textContent()} inside the card`,
        ).toBe(true)
      }
      const counts = (await chart.locator('.recharts-label-list text').allTextContents()).map(Number)
      const ticks = (await chart.locator('.recharts-xAxis-tick-labels text').allTextContents()).map(Number)
      const max = Math.max(...counts)
      expect(ticks.every(Number.isInteger), `ticks ${ticks.join(', ')} are whole numbers`).toBe(true)
      const step = (ticks[1] ?? 1) - (ticks[0] ?? 0)
      expect(ticks.at(-1), `the axis ends at the first tick at or past ${max}`).toBeGreaterThanOrEqual(max)
      expect(ticks.at(-1)).toBeLessThan(max + step)
      await chart.locator('.recharts-bar-rectangle').first().hover()
      // The code is in the bar's tooltip, beside its words.
      await expect.poll(() => chart.locator('.recharts-tooltip-wrapper').textContent()).toMatch(/[a-z]+_[a-z_]+/)
      await page.mouse.move(0, 0)
      for (const scheme of ['light', 'dark'] as const) {
        await app.setScheme(scheme)
        await card.screenshot({ path: join(screenshotDir, `batch-failures-${size.width}x${size.height}-${scheme}.png`) })
      }
      await app.setScheme('light')
    })
  }

  it('at 200 % zoom (640×400) keeps ID, status, failure and amount, the rest in the detail, and nothing scrolls sideways', async () => {
    await page.setViewportSize({ width: 640, height: 400 })
    await page.evaluate(
      `window.scrollTo(0, document.querySelector('table[aria-label="Batch results"]').getBoundingClientRect().top + window.scrollY + 200)`,
    )
    const figures = await page.evaluate<TableFigures>(measureTable)
    expect(figures.sideways).toBeLessThanOrEqual(0)
    expect(figures.headersInSight).toEqual(['ID', 'Status', 'Failure', 'Amount'])
    expect(figures.rowHeights).toHaveLength(1)
    await page.screenshot({ path: join(screenshotDir, 'batch-table-640x400-light.png') })
    await page.setViewportSize({ width: 1280, height: 800 })
  })

  it('totals the failed amounts per currency, split by whether the customer can retry', async () => {
    const jobId = app.fixture.core.batches.list()[0]?.id ?? ''
    const totals = failedTotals(await app.fixture.ok('batchResults', { jobId }))
    expect(totals.length).toBeGreaterThan(0)
    const table = page.getByTestId('failed-amounts')
    for (const total of totals) {
      const row = table.locator(`tr[data-currency="${total.currency ?? ''}"]`)
      for (const [side, figures] of [
        ['can', total.canRetry],
        ['cannot', total.cannotRetry],
      ] as const) {
        const cell = await row.locator(`td[data-side="${side}"]`).textContent()
        if (figures.payments === 0) expect(cell).toBe('None')
        else expect(cell).toContain(formatMoney(figures.amount, total.currency))
      }
    }
  })

  it('is one Tab stop that the arrows, Page Up/Down, Home and End move through; Enter opens the detail', async () => {
    await page.setViewportSize({ width: 1024, height: 700 })
    const grid = page.getByRole('grid', { name: 'Batch results' })
    const row = (index: number) => grid.locator(`tbody tr[data-index="${index}"]`)
    await page.getByRole('combobox', { name: 'Sort' }).focus()
    await page.keyboard.press('Tab')
    expect(await isFocused(row(0)), 'Tab lands on the first row').toBe(true)
    await expectVisibleFocus(page, 'first row')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => isFocused(row(2))).toBe(true)
    await expectVisibleFocus(page, 'ArrowDown twice')
    await page.keyboard.press('PageDown')
    const afterPage = Number(await page.evaluate<string>('document.activeElement.dataset.index'))
    expect(afterPage).toBeGreaterThan(8)
    await expectVisibleFocus(page, 'PageDown')
    await page.keyboard.press('End')
    await expect.poll(() => isFocused(row(ids.length - 1))).toBe(true)
    await expectVisibleFocus(page, 'End')
    expect(await row(ids.length - 1).getAttribute('aria-rowindex')).toBe(String(ids.length + 1))
    await page.keyboard.press('Home')
    await expect.poll(() => isFocused(row(0))).toBe(true)
    await expectVisibleFocus(page, 'Home')
    // Tab leaves the table at once, and Shift+Tab comes back to the row it left.
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => isFocused(row(1))).toBe(true)
    await page.keyboard.press('Tab')
    expect(await isFocused(row(1))).toBe(false)
    expect(await page.evaluate<string>('document.activeElement.closest("table") === null ? "outside" : "inside"')).toBe('outside')
    await page.keyboard.press('Shift+Tab')
    await expect.poll(() => isFocused(row(1))).toBe(true)

    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: `Payment ${bulkPaymentId(2)}` })
    await dialog.waitFor()
    const detail = await dialog.getByTestId('result-detail').textContent()
    expect(detail).toContain('Payment method')
    expect(detail).toContain('Currency')
    for (const scheme of ['light', 'dark'] as const) {
      await app.setScheme(scheme)
      await page.screenshot({ path: join(screenshotDir, `batch-row-detail-1024x700-${scheme}.png`) })
    }
    await app.setScheme('light')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    // The focus is back on the row.
    await expect.poll(() => isFocused(row(1))).toBe(true)
  })

  it('re-runs only the not-found IDs of the finished run, and the history shows the chain', async () => {
    const jobId = app.fixture.core.batches.list()[0]?.id ?? ''
    const source = await app.fixture.ok('batchResults', { jobId })
    expect(rerunIds(source, 'not-found')).toEqual(['pay_unknown_1'])
    const rerun = page.getByTestId('rerun')
    expect(await rerun.getByRole('button').allTextContents()).toEqual(
      expect.arrayContaining([`Look up the ${rerunIds(source, 'retryable').length} retryable declines again`]),
    )
    await rerun.getByRole('button', { name: 'Look up the 1 not-found IDs again' }).click()
    await page.getByRole('heading', { name: `${ids.length} IDs · not-found IDs again` }).waitFor()
    await page.getByTestId('job-status').getByText('completed').waitFor({ timeout: 15_000 })
    expect(await page.getByTestId('rerun-of').first().textContent()).toContain(`Re-run of the not-found IDs of “${ids.length} IDs”`)
    await page.mouse.move(0, 0)
    await app.screenshot('batch-rerun')
    await page.getByRole('button', { name: 'New batch' }).click()
    const history = page.getByRole('table', { name: 'Earlier batches' })
    await expect.poll(() => history.locator('tbody tr').count()).toBe(2)
    expect(await history.locator('tbody tr').first().textContent()).toContain(`Re-run of the not-found IDs of “${ids.length} IDs”`)
    await app.screenshot('batch-history-chain')
    await app.setScheme('dark')
    await app.screenshot('batch-history-chain')
    await app.setScheme('light')
    await app.atSmallestWindow('batch-history-chain')
  })
})
