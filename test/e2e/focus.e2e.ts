import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { bulkPaymentId } from '../../src/sandbox/seed'
import { startWebhookReceiver } from '../helpers/webhook-receiver'
import { launchBrowser, openApp, screenshotDir, type AppPage } from './harness'
import { expectVisibleFocus, isFocused, tabTo } from './keyboard'

let browser: Browser
let app: AppPage
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
  app = await openApp(browser, { sandbox: { bulkPayments: 80 } })
  page = app.page
})

afterAll(async () => {
  await app.close()
  await browser.close()
})

async function openScreen(name: string, heading = name): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByText(name, { exact: true }).click()
  await page.getByRole('heading', { name: heading, level: 2 }).waitFor()
}

async function dismissNotifications(): Promise<void> {
  const close = page.getByRole('button', { name: 'Dismiss notification' })
  while ((await close.count()) > 0) await close.first().click()
}

const activeInside = (selector: string): Promise<boolean> =>
  page.evaluate(`document.activeElement !== null && document.activeElement.closest(${JSON.stringify(selector)}) !== null`)

describe('keyboard focus', () => {
  it('starts in the ID field, with a skip link before it that shows when focused and moves the focus to the main content', async () => {
    await page.getByRole('heading', { name: 'Look up a payment' }).waitFor()
    expect(await isFocused(page.getByRole('textbox', { name: 'Payment ID' })), 'the ID field has the focus at launch').toBe(true)
    const skip = page.getByRole('link', { name: 'Skip to main content' })
    await tabTo(page, skip, 'back to the skip link', { back: true })
    await expectVisibleFocus(page, 'skip link')
    const box = await skip.boundingBox()
    expect(box?.y).toBeGreaterThanOrEqual(0)
    await page.screenshot({ path: join(screenshotDir, 'keyboard-skip-link-light.png'), clip: { x: 0, y: 0, width: 640, height: 160 } })
    await page.keyboard.press('Enter')
    expect(await isFocused(page.getByRole('main'))).toBe(true)
    // Out of sight again once it has done its job.
    expect((await skip.boundingBox())?.y ?? 0).toBeLessThan(0)
    await page.keyboard.press('Tab')
    expect(await isFocused(page.getByRole('textbox', { name: 'Payment ID' }))).toBe(true)
  })

  it('has one banner, one main and a named navigation, and no unnamed duplicates', async () => {
    expect(await page.getByRole('banner').count()).toBe(1)
    expect(await page.getByRole('main').count()).toBe(1)
    expect(await page.getByRole('navigation').count()).toBe(1)
    expect(await page.getByRole('navigation', { name: 'Screens' }).count()).toBe(1)
  })

  it('keeps the focus ring on a field that shows an error, light and dark', async () => {
    const field = page.getByRole('textbox', { name: 'Payment ID' })
    await field.fill('pay/1')
    await field.press('Enter')
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true')
    // Said at once: the error text has role="alert".
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: /not a valid payment ID|payment ID/i })
        .count(),
    ).toBeGreaterThan(0)
    for (const scheme of ['light', 'dark'] as const) {
      await app.setScheme(scheme)
      await expect.poll(() => page.evaluate('document.documentElement.dataset.mantineColorScheme')).toBe(scheme)
      await expectVisibleFocus(page, `invalid Payment ID field (${scheme})`)
      const [style, width] = await page.evaluate<[string, string]>(
        `(() => { const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth] })()`,
      )
      expect(style, scheme).toBe('solid')
      expect(width, scheme).toBe('2px')
    }
    await app.setScheme('light')
    await field.fill('')
  })

  it('moves the focus into the reveal dialog and back to where it was, or to the secret it revealed', async () => {
    await openScreen('Webhooks')
    const receiver = await startWebhookReceiver()
    onTestFinished(() => receiver.close())
    await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiver.url)
    await page.getByRole('button', { name: 'Register endpoint' }).click()
    const panel = page.getByTestId('endpoint-panel')
    await panel.waitFor()
    await dismissNotifications()
    const opener = panel.getByRole('button', { name: 'Reveal secret once…' })
    await opener.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Reveal the signing secret?' })
    await dialog.waitFor()
    await expect.poll(() => isFocused(dialog.getByRole('button', { name: 'Cancel' }))).toBe(true)
    await expectVisibleFocus(page, 'reveal dialog')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => isFocused(opener)).toBe(true)

    await page.keyboard.press('Enter')
    await dialog.waitFor()
    await expect.poll(() => isFocused(dialog.getByRole('button', { name: 'Cancel' }))).toBe(true)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    // The button that opened it has gone with the reveal: the focus is on what was revealed.
    await expect.poll(() => isFocused(panel.getByLabel('Signing secret'))).toBe(true)
    await expectVisibleFocus(page, 'revealed secret')
  })

  it('moves the focus into the production dialog and back to the environment card', async () => {
    await openScreen('Settings')
    const production = page.getByRole('radio', { name: /Production/ })
    await production.focus()
    await page.keyboard.press('Space')
    const dialog = page.getByRole('dialog', { name: 'Switch to Production?' })
    await dialog.waitFor()
    await expect.poll(() => activeInside('[role="dialog"]')).toBe(true)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => isFocused(production)).toBe(true)
    await expectVisibleFocus(page, 'production card after the dialog')
  })

  it('scrolls a focused control clear of the sticky table header and the fixed app header', async () => {
    await openScreen('Batch lookup')
    const ids = Array.from({ length: 80 }, (_, i) => bulkPaymentId(i + 1))
    await page.getByRole('textbox', { name: 'Payment IDs' }).fill(ids.join('\n'))
    await page.getByRole('button', { name: 'Look up 80 IDs' }).click()
    await page.getByTestId('job-status').getByText('completed').waitFor({ timeout: 30_000 })
    await dismissNotifications()

    // Down the results with the keyboard, then back up: each row above starts under the sticky
    // header (the table's, under the app's) until it is scrolled clear.
    const grid = page.getByRole('grid', { name: 'Batch results' })
    const filter = page.getByRole('textbox', { name: 'Filter by ID' })
    await filter.focus()
    await tabTo(page, grid.locator('tbody tr[data-index="0"]'), 'to the results', { max: 4 })
    for (let i = 0; i < 3; i++) await page.keyboard.press('PageDown')
    await expectVisibleFocus(page, 'three pages down')
    let rowsPassed = 0
    for (let stop = 1; stop <= 20; stop++) {
      await page.keyboard.press('ArrowUp')
      const { what } = await expectVisibleFocus(page, `ArrowUp the results, stop ${stop}`)
      expect(what).toContain('pay_bulk_')
      rowsPassed++
      if (rowsPassed === 3) await page.screenshot({ path: join(screenshotDir, 'keyboard-batch-row-focused-light.png') })
    }
    expect(rowsPassed).toBe(20)

    // From a row deep in the results, with "Filter by ID" scrolled under the fixed header,
    // Shift+Tab back to the fields above the table.
    await tabTo(page, filter, 'back to Filter by ID', { back: true, max: 3 })
    await expectVisibleFocus(page, 'Filter by ID')
  })
})
