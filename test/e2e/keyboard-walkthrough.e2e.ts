import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bulkPaymentId } from '../../src/sandbox/seed'
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver'
import { launchBrowser, openApp, type AppPage } from './harness'
import { expectVisibleFocus, isFocused, tabTo } from './keyboard'

/*
 * The main tasks with the keyboard alone: no clicks, no fills. Controls are reached with Tab and
 * the app's shortcuts, text is typed, and every Tab stop on the way must be in sight with a focus
 * indicator (tabTo checks each one).
 */
describe('keyboard only', () => {
  let browser: Browser
  let app: AppPage
  let page: Page
  let receiver: WebhookReceiver

  beforeAll(async () => {
    receiver = await startWebhookReceiver()
    browser = await launchBrowser()
    app = await openApp(browser, { sandbox: { bulkPayments: 20 } })
    page = app.page
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  })

  afterAll(async () => {
    await app.close()
    await browser.close()
    await receiver.close()
  })

  /** What the polite live region says now. */
  const announced = () => page.getByTestId('announcer').textContent()
  const clipboard = () => page.evaluate<string>('navigator.clipboard.readText()')

  it('looks up a payment and reads why it failed', async () => {
    await page.getByRole('heading', { name: 'Look up a payment' }).waitFor()
    // The app opens with the focus in the ID field: the agent types at once.
    const field = page.getByRole('textbox', { name: 'Payment ID' })
    expect(await isFocused(field), 'the ID field has the focus at launch').toBe(true)
    await expectVisibleFocus(page, 'the ID field at launch')
    await page.keyboard.type('pay_seed_card_declined')
    await page.keyboard.press('Enter')
    await expect
      .poll(announced)
      .toContain('Payment pay_seed_card_declined: failed. Last attempt failed: Declined by the bank (card_declined).')

    // The failure card is read on the way to its one control.
    const card = page.getByTestId('failure-card')
    const copy = card.getByRole('button', { name: 'Copy customer message' })
    await tabTo(page, copy, 'to the failure card')
    expect(await card.isVisible()).toBe(true)
    expect(await card.getByRole('heading', { level: 3 }).textContent()).toBe('Declined by the bank')
    // The language is picked in a menu, for this copy: down to Deutsch, Enter copies it.
    await page.keyboard.press('Enter')
    const german = page.getByRole('menuitem', { name: 'Deutsch' })
    await german.waitFor()
    for (let presses = 0; presses < 4 && !(await isFocused(german)); presses++) {
      await page.keyboard.press('ArrowDown')
      await expectVisibleFocus(page, `language menu, ArrowDown ${presses + 1}`)
    }
    expect(await isFocused(german), 'Deutsch reached with the arrows').toBe(true)
    await page.keyboard.press('Enter')
    await card.getByRole('button', { name: 'Copied' }).waitFor()
    expect(await clipboard()).toMatch(/^Ihre Karte wurde abgelehnt\./)
    expect(await clipboard()).toBe(await card.getByTestId('customer-message').textContent())
    // The button now reads Copied, so it is found by its test ID rather than by its name.
    expect(await isFocused(card.getByTestId('copy-customer-message')), 'the focus is back on the button').toBe(true)
  })

  it('runs a batch and hears that it finished', async () => {
    await page.keyboard.press('Control+2')
    await page.getByRole('heading', { name: 'Batch lookup', level: 2 }).waitFor()
    await tabTo(page, page.getByRole('textbox', { name: 'Payment IDs' }), 'to the ID list')
    await page.keyboard.type(Array.from({ length: 20 }, (_, i) => bulkPaymentId(i + 1)).join('\n'))
    const start = page.getByRole('button', { name: 'Look up 20 IDs' })
    await start.waitFor()
    await tabTo(page, start, 'to the start button')
    await page.keyboard.press('Enter')
    await expect.poll(announced, { timeout: 30_000 }).toMatch(/^Batch ".+" finished\. 20 looked up: \d+ failed payments?\b/)
    await expectVisibleFocus(page, 'after the batch')

    // The results are one Tab stop: the arrows walk the rows, Enter opens one, Escape comes back.
    const grid = page.getByRole('grid', { name: 'Batch results' })
    const row = (index: number) => grid.locator(`tbody tr[data-index="${index}"]`)
    await tabTo(page, row(0), 'to the results')
    for (let down = 1; down <= 3; down++) {
      await page.keyboard.press('ArrowDown')
      await expect.poll(() => isFocused(row(down))).toBe(true)
      await expectVisibleFocus(page, `results, ArrowDown ${down}`)
    }
    await page.keyboard.press('End')
    await expect.poll(() => isFocused(row(19))).toBe(true)
    await expectVisibleFocus(page, 'results, End')
    await page.keyboard.press('Enter')
    const detail = page.getByRole('dialog', { name: /^Payment pay_/ })
    await detail.waitFor()
    await tabTo(page, detail.getByRole('button', { name: 'Open on the Payments screen' }), 'in the detail', { max: 3 })
    await page.keyboard.press('Escape')
    await detail.waitFor({ state: 'detached' })
    await page.locator('.mantine-Modal-overlay').waitFor({ state: 'detached' })
    await expect.poll(() => isFocused(row(19))).toBe(true)
    // From the table, Export is a few Tab presses on: the rows are not Tab stops.
    await tabTo(page, page.getByRole('button', { name: 'Export CSV' }), 'from the results to Export CSV', { max: 3 })
  })

  it('registers a webhook endpoint, reveals its secret and copies it', async () => {
    await page.keyboard.press('Control+4')
    await page.getByRole('heading', { name: 'Webhooks', level: 2 }).waitFor()
    await tabTo(page, page.getByRole('textbox', { name: 'Endpoint URL' }), 'to the endpoint URL')
    await page.keyboard.type(receiver.url)
    await tabTo(page, page.getByRole('button', { name: 'Register endpoint' }), 'to Register endpoint')
    await page.keyboard.press('Enter')
    const panel = page.getByTestId('endpoint-panel')
    await panel.waitFor()

    const reveal = panel.getByRole('button', { name: 'Reveal secret once…' })
    await tabTo(page, reveal, 'to Reveal secret')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Reveal the signing secret?' })
    await dialog.waitFor()
    await expect.poll(() => isFocused(dialog.getByRole('button', { name: 'Cancel' }))).toBe(true)
    await expectVisibleFocus(page, 'reveal dialog opened')
    await tabTo(page, dialog.getByRole('button', { name: 'Reveal secret' }), 'in the dialog', { max: 2 })
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    const secret = panel.getByLabel('Signing secret')
    await expect.poll(() => isFocused(secret)).toBe(true)
    await expectVisibleFocus(page, 'the revealed secret')

    await tabTo(page, panel.getByRole('button', { name: 'Copy secret' }), 'to Copy secret')
    await page.keyboard.press('Enter')
    await panel.getByRole('button', { name: 'Copied' }).waitFor()
    const copied = await clipboard()
    expect(copied).toMatch(/^whsec_/)
    expect(copied).toBe(await secret.inputValue())
  })

  it('switches the environment in Settings', async () => {
    await page.keyboard.press('Control+6')
    await page.getByRole('heading', { name: 'Settings', level: 2 }).waitFor()
    const production = page.getByRole('radio', { name: /Production/ })
    await tabTo(page, production, 'to the Production environment')
    await page.keyboard.press('Space')
    const dialog = page.getByRole('dialog', { name: 'Switch to Production?' })
    await dialog.waitFor()
    await expect.poll(() => isFocused(dialog.getByRole('button', { name: 'Stay where I am' }))).toBe(true)
    await tabTo(page, dialog.getByRole('button', { name: 'Switch to Production' }), 'in the dialog', { max: 2 })
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    await page
      .getByTestId('environment-badge')
      .getByText(/Production/)
      .waitFor()
    // Back where it was before the dialog.
    await expect.poll(() => isFocused(production)).toBe(true)
    await expectVisibleFocus(page, 'after switching')
  })
})
