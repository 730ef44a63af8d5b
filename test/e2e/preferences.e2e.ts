import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { bulkPaymentId } from '../../src/sandbox/seed'
import { startWebhookReceiver } from '../helpers/webhook-receiver'
import { launchBrowser, openApp, openScreen, type AppPage } from './harness'
import { focusOutlined, lostContent, motionLeft, unseenControls } from './preference-probes'
import { waitForTransitions } from './transitions'

const screens = ['Payments', 'Batch lookup', 'Checkout', 'Webhooks', 'Requests', 'Settings'] as const

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser.close()
})

/** One app per block, closed when the block ends. */
function appFor(options: Parameters<typeof openApp>[1]): () => AppPage {
  let app: AppPage | undefined
  beforeAll(async () => {
    app = await openApp(browser, options)
  })
  afterAll(async () => {
    await app?.close()
  })
  return () => {
    if (!app) throw new Error('the app is not open yet')
    return app
  }
}

/** A full-page shot from the top, the pointer away: shot scrolled, the fixed header is drawn mid-page. */
async function screenshotFromTop(app: AppPage, name: string): Promise<void> {
  await app.page.mouse.move(0, 0)
  await app.page.evaluate('window.scrollTo(0, 0)')
  await app.screenshot(name)
}

async function lookUp(page: Page, id: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Payment ID' })
  await field.fill(id)
  await field.press('Enter')
  await page.getByTestId('failure-card').waitFor()
}

/** Starts a batch of the sandbox's first `count` generated payments and waits until it runs. */
async function startBatch(page: Page, count: number): Promise<void> {
  await openScreen(page, 'Batch lookup')
  const ids = Array.from({ length: count }, (_, i) => bulkPaymentId(i + 1))
  await page.getByRole('textbox', { name: 'Payment IDs' }).fill(ids.join('\n'))
  await page.getByRole('button', { name: `Look up ${count} IDs` }).click()
  await page
    .getByTestId('job-status')
    .getByText(/running|completed/)
    .waitFor()
}

async function finishBatch(page: Page): Promise<void> {
  await page.getByTestId('job-status').getByText('completed').waitFor({ timeout: 45_000 })
  await page.getByTestId('chart-by-code').locator('.recharts-bar-rectangle').first().waitFor()
}

async function registerEndpoint(page: Page): Promise<void> {
  const receiver = await startWebhookReceiver()
  onTestFinished(() => receiver.close())
  await openScreen(page, 'Webhooks')
  await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiver.url)
  await page.getByRole('button', { name: 'Register endpoint' }).click()
  await page.getByTestId('endpoint-panel').waitFor()
}

describe('prefers-reduced-motion: reduce', () => {
  // A slow limit keeps the batch running long enough to look at it.
  const app = appFor({ sandbox: { bulkPayments: 40, rateLimit: { rate: 4, burst: 2 } } })

  beforeAll(async () => {
    await app().page.emulateMedia({ reducedMotion: 'reduce' })
  })

  it('opens a dialog at once, with nothing moving', async () => {
    const { page } = app()
    await openScreen(page, 'Settings')
    await page.getByTestId('environment-option-production').click()
    await page.getByRole('dialog', { name: 'Switch to Production?' }).waitFor()
    expect(await motionLeft(page)).toEqual([])
    await page.getByRole('button', { name: 'Stay where I am' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
  })

  it('shows a running batch, its charts and a notification with nothing moving', async () => {
    const { page } = app()
    await startBatch(page, 40)
    await page.getByTestId('job-status').getByText('running').waitFor()
    // The striped bar of a running batch is the one animation that runs for as long as the batch does.
    expect(await page.locator('.mantine-Progress-section[data-animated]').count()).toBeGreaterThan(0)
    expect(await motionLeft(page)).toEqual([])
    await finishBatch(page)
    expect(await motionLeft(page)).toEqual([])

    await openScreen(page, 'Requests')
    await page.getByRole('textbox', { name: 'Concurrency' }).fill('8')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.getByText('Throttle updated', { exact: true }).waitFor()
    expect(await motionLeft(page)).toEqual([])
  })

  it('moves as designed when the user has not asked for less motion', async () => {
    const { page } = app()
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    // The test above would pass on a page that never moves: this one proves it can see motion.
    await expect.poll(() => motionLeft(page).then((found) => found.length)).toBeGreaterThan(0)
    await page.emulateMedia({ reducedMotion: 'reduce' })
  })
})

describe('forced colours (Windows high contrast)', () => {
  const app = appFor({ sandbox: { bulkPayments: 40 } })

  /** Every control visible in forced colours, in light and dark; saves forced-colors-<state>-<scheme>.png. */
  async function expectAllVisible(state: string): Promise<void> {
    const current = app()
    for (const scheme of ['light', 'dark'] as const) {
      await current.setScheme(scheme)
      await current.page.emulateMedia({ forcedColors: 'active' })
      await expect.poll(() => current.page.evaluate('document.documentElement.dataset.mantineColorScheme')).toBe(scheme)
      expect(await unseenControls(current.page), `${state} (${scheme})`).toEqual([])
      await screenshotFromTop(current, `forced-colors-${state}`)
    }
    await current.setScheme('light')
  }

  it('keeps every control of every screen visible', async () => {
    const { page } = app()
    await page.emulateMedia({ forcedColors: 'active' })
    await lookUp(page, 'pay_seed_card_declined')
    await expectAllVisible('payments')
    await startBatch(page, 40)
    await expectAllVisible('batch-running')
    await finishBatch(page)
    await expectAllVisible('batch-finished')
    await openScreen(page, 'Checkout')
    await expectAllVisible('checkout')
    await registerEndpoint(page)
    await page.getByRole('switch', { name: /Connect/ }).check({ force: true })
    await expectAllVisible('webhooks')
    await openScreen(page, 'Requests')
    await page.getByRole('switch', { name: '429 only' }).check({ force: true })
    await expectAllVisible('requests')
    await openScreen(page, 'Settings')
    await expectAllVisible('settings')
  })

  it('shows the focus as an outline on fields and buttons', async () => {
    const { page } = app()
    await page.emulateMedia({ forcedColors: 'active' })
    await openScreen(page, 'Payments')
    const field = page.getByRole('textbox', { name: 'Payment ID' })
    await field.focus()
    expect(await focusOutlined(page), 'the Payment ID field').toBe(true)
    await page.keyboard.press('Tab')
    expect(await page.evaluate('document.activeElement.tagName')).toBe('BUTTON')
    expect(await focusOutlined(page), 'the button after it').toBe(true)
  })
})

describe('the Requests log at 1280×800', () => {
  const app = appFor({ sandbox: { bulkPayments: 40 } })

  it('shows every heading of its sticky header whole', async () => {
    const { page } = app()
    await lookUp(page, 'pay_seed_card_declined')
    await openScreen(page, 'Requests')
    await page.getByRole('table', { name: 'Request log' }).getByRole('row').nth(1).waitFor()
    // "Method" and "Attempt" were cut to "Methoc" and "Attemp" by columns narrower than their bold headings.
    expect(await lostContent(page)).toEqual([])
    await app().screenshot('requests-log-1280')
  })
})

describe('200 % zoom of a 1280×800 window (640×400 CSS px)', () => {
  const app = appFor({ sandbox: { bulkPayments: 40 }, window: { width: 640, height: 400, deviceScaleFactor: 2 } })

  /** Nothing lost at 200 %, in light and dark; saves zoom-200-<state>-<scheme>.png. */
  async function expectNothingLost(state: string): Promise<void> {
    const current = app()
    for (const scheme of ['light', 'dark'] as const) {
      await current.setScheme(scheme)
      await expect.poll(() => current.page.evaluate('document.documentElement.dataset.mantineColorScheme')).toBe(scheme)
      await waitForTransitions(current.page)
      expect(await lostContent(current.page), `${state} (${scheme})`).toEqual([])
      await screenshotFromTop(current, `zoom-200-${state}`)
    }
    await current.setScheme('light')
  }

  it('folds the screens into a menu that reaches every screen', async () => {
    const { page } = app()
    const menu = page.getByRole('button', { name: 'Screens menu' })
    const nav = page.getByRole('navigation', { name: 'Screens' })
    await menu.click()
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true')
    await expectNothingLost('menu-open')
    for (const name of screens) {
      await openScreen(page, name)
      // Choosing a screen folds the list away again, out of the Tab order, and the focus goes to the screen
      // (on Payments, to its ID field).
      await expect.poll(() => nav.getAttribute('inert')).not.toBeNull()
      expect(await page.evaluate('document.activeElement.closest("#main-content") !== null')).toBe(true)
      if (name === 'Payments') expect(await page.evaluate('document.activeElement.dataset.testid')).toBe('payment-id-input')
    }
  })

  it('loses nothing on any screen', async () => {
    const { page } = app()
    await openScreen(page, 'Payments')
    await lookUp(page, 'pay_seed_card_declined')
    await expectNothingLost('payments')
    await startBatch(page, 40)
    await finishBatch(page)
    await expectNothingLost('batch-finished')
    await openScreen(page, 'Checkout')
    await expectNothingLost('checkout')
    await registerEndpoint(page)
    await expectNothingLost('webhooks')
    await page.getByRole('tab', { name: 'Signature checker' }).click()
    await expectNothingLost('webhooks-signature-checker')
    await openScreen(page, 'Requests')
    await expectNothingLost('requests')
    await openScreen(page, 'Settings')
    await expectNothingLost('settings')
  })
})
