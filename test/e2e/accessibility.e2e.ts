import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import type { PaymentsDeskApi } from '../../src/shared/contract/api'
import { bulkPaymentId } from '../../src/sandbox/seed'
import { startWebhookReceiver } from '../helpers/webhook-receiver'
import { expectNoViolationsInBothSchemes } from './axe'
import { launchBrowser, openApp, type AppPage } from './harness'

let browser: Browser
let app: AppPage

beforeAll(async () => {
  browser = await launchBrowser()
  app = await openApp(browser, { sandbox: { bulkPayments: 40 } })
})

afterAll(async () => {
  await app.close()
  await browser.close()
})

/** axe over the state as it is now, in light and then in dark. */
async function audit(state: string): Promise<void> {
  await expectNoViolationsInBothSchemes(app, state, `a11y-${state}`)
}

async function openScreen(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByText(name, { exact: true }).click()
  await page.getByRole('heading', { name, exact: true }).first().waitFor()
}

async function dismissNotifications(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Dismiss notification' })
  while ((await close.count()) > 0) await close.first().click()
}

async function lookUp(page: Page, text: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Payment ID' })
  await field.fill(text)
  await field.press('Enter')
}

async function setSandboxLimit(limit: { rate: number; burst: number }): Promise<void> {
  const { baseUrl, apiKey } = app.fixture.sandbox
  await fetch(`${baseUrl}/sandbox/rate-limit`, {
    method: 'PUT',
    headers: { 'X-Service-Api-Key': apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(limit),
  })
}

describe('axe finds no violation outside test/e2e/axe-exceptions.ts', () => {
  it('payments: empty, a failure card, not found, two IDs refused', async () => {
    const { page } = app
    await page.getByRole('heading', { name: 'Look up a payment' }).waitFor()
    await audit('payments-empty')
    await lookUp(page, 'pay_seed_card_declined')
    await page.getByTestId('failure-card').waitFor()
    await audit('payments-failed')
    await page.getByTestId('failure-card').getByRole('button', { name: 'Copy customer message' }).click()
    await page.getByRole('menuitem', { name: 'Deutsch' }).waitFor()
    await audit('payments-customer-language-menu')
    await page.keyboard.press('Escape')
    await page.getByRole('menu').waitFor({ state: 'detached' })
    await lookUp(page, 'pay_does_not_exist')
    await page.getByTestId('not-found').waitFor()
    await audit('payments-not-found')
    await lookUp(page, 'customer says pay_seed_card_declined or maybe pay_seed_expired_card')
    await page.getByText(/2 different IDs, so none was picked/).waitFor()
    await audit('payments-two-ids')
    app.fixture.core.links.receive('payments-desk://payment/pay_1#refund')
    await page.getByTestId('link-error').waitFor()
    await audit('payments-link-refused')
  })

  it('checkout: empty and with field errors', async () => {
    const { page } = app
    await openScreen(page, 'Checkout')
    await audit('checkout-empty')
    await page.getByLabel('Customer e-mail', { exact: true }).fill('ada@example')
    await page.getByLabel('Success URL', { exact: true }).fill('http://localhost:3000/ok')
    await page.getByRole('button', { name: 'Create checkout payment' }).click()
    await page.getByText('Service: customerEmail must be an email', { exact: true }).waitFor()
    await audit('checkout-errors')
  })

  it('batch: before, finished with its charts', async () => {
    const { page } = app
    await openScreen(page, 'Batch lookup')
    await audit('batch-empty')
    const ids = Array.from({ length: 30 }, (_, i) => bulkPaymentId(i + 1))
    await page.getByRole('textbox', { name: 'Payment IDs' }).fill([...ids, 'pay/1'].join('\n'))
    await page.getByRole('button', { name: 'Look up 30 IDs' }).click()
    await page.getByTestId('job-status').getByText('completed').waitFor({ timeout: 30_000 })
    await page.getByTestId('chart-by-code').locator('.recharts-bar-rectangle').first().waitFor()
    await dismissNotifications(page)
    await audit('batch-finished')
    await page.getByRole('button', { name: 'Show the charts as tables' }).click()
    const byRetryable = page.getByRole('table', { name: 'Failed payments by retryable class' })
    await expect.poll(() => byRetryable.getByRole('row', { name: /Retry: yes/ }).textContent()).toMatch(/^Retry: yes\d+$/)
    await audit('batch-finished-tables')
    // A row's detail, opened from the keyboard, and a re-run of the retryable declines with the chain in the history.
    await page.getByRole('grid', { name: 'Batch results' }).locator('tbody tr[data-index="0"]').focus()
    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: /^Payment pay_/ }).waitFor()
    await audit('batch-row-detail')
    await page.keyboard.press('Escape')
    await page.locator('.mantine-Modal-overlay').waitFor({ state: 'detached' })
    await page
      .getByTestId('rerun')
      .getByRole('button', { name: /retryable declines again$/ })
      .click()
    await page.getByTestId('rerun-of').first().waitFor()
    await page.getByTestId('job-status').getByText('completed').waitFor({ timeout: 30_000 })
    await dismissNotifications(page)
    await audit('batch-rerun')
    await page.getByRole('button', { name: 'New batch' }).click()
    await page.getByRole('table', { name: 'Earlier batches' }).getByTestId('rerun-of').waitFor()
    await audit('batch-history-chain')
    // Back on a run, as the next test expects.
    await page
      .getByRole('table', { name: 'Earlier batches' })
      .getByRole('button', { name: /^Open / })
      .first()
      .click()
    await page.getByRole('button', { name: 'New batch' }).waitFor()
  })

  it('batch: running through a Retry-After pause, and paused', async () => {
    const { page } = app
    await openScreen(page, 'Batch lookup')
    await page.getByRole('button', { name: 'New batch' }).click()
    // Slow enough that the run is still going (and waiting out 429s) through both audits.
    await setSandboxLimit({ rate: 0.5, burst: 1 })
    const ids = Array.from({ length: 10 }, (_, i) => bulkPaymentId(i + 31))
    await page.getByRole('textbox', { name: 'Payment IDs' }).fill(ids.join('\n'))
    await page.getByRole('button', { name: 'Look up 10 IDs' }).click()
    await page.getByTestId('job-status').getByText('running').waitFor()
    await page.getByTestId('pause-countdown').waitFor({ timeout: 15_000 })
    await audit('batch-running')
    await page.getByRole('button', { name: 'Pause', exact: true }).click()
    await page.getByTestId('job-status').getByText('paused').waitFor()
    await audit('batch-paused')
    await page.getByRole('button', { name: 'Cancel run' }).click()
    await page.getByTestId('job-status').getByText('cancelled').waitFor()
    await setSandboxLimit({ rate: 100, burst: 100 })
  })

  it('requests: with 429 flags', async () => {
    const { page } = app
    await openScreen(page, 'Requests')
    await setSandboxLimit({ rate: 0.5, burst: 1 })
    void page
      .evaluate(() =>
        Promise.allSettled(
          Array.from({ length: 4 }, () =>
            (globalThis as unknown as { paymentsDesk: PaymentsDeskApi }).paymentsDesk.invoke.getPayment({ id: 'pay_seed_card_declined' }),
          ),
        ),
      )
      .catch(() => undefined)
    await page.locator('tr[data-rate-limited="true"]').first().waitFor()
    await audit('requests-429')
    await setSandboxLimit({ rate: 100, burst: 100 })
  })

  it('webhooks: an error, the reveal dialog, the signature checker', async () => {
    const { page } = app
    await openScreen(page, 'Webhooks')
    await audit('webhooks-empty')
    const url = page.getByRole('textbox', { name: 'Endpoint URL' })
    await url.fill('ftp://hooks.example.com/in')
    await page.getByRole('button', { name: 'Register endpoint' }).click()
    await page.getByText('Webhook URLs must use https://, not ftp:').waitFor()
    await audit('webhooks-url-error')
    const receiver = await startWebhookReceiver()
    onTestFinished(() => receiver.close())
    await url.fill(receiver.url)
    await page.getByRole('button', { name: 'Register endpoint' }).click()
    const panel = page.getByTestId('endpoint-panel')
    await panel.waitFor()
    await dismissNotifications(page)
    await audit('webhooks-endpoint')
    await panel.getByRole('button', { name: 'Reveal secret once…' }).click()
    const warning = page.getByRole('dialog', { name: 'Reveal the signing secret?' })
    await warning.waitFor()
    await audit('webhooks-reveal-dialog')
    await warning.getByRole('button', { name: 'Reveal secret' }).click()
    await panel.getByLabel('Signing secret').waitFor()
    // Mid fade-out the dialog is half transparent: audit the page once it has gone.
    await warning.waitFor({ state: 'detached' })
    await audit('webhooks-secret-revealed')
    await page.getByRole('tab', { name: 'Test events' }).click()
    await page.getByRole('button', { name: 'Send test event' }).waitFor()
    await audit('webhooks-test-events')
    await page.getByRole('tab', { name: 'Signature checker' }).click()
    await page.getByRole('textbox', { name: 'Raw body' }).fill('{"type":"payment.failed"}')
    await page.getByRole('textbox', { name: 'hook-id' }).fill('msg_1')
    await page.getByRole('textbox', { name: 'hook-timestamp' }).fill(String(Math.floor(Date.now() / 1000)))
    await page.getByRole('textbox', { name: 'hook-signature' }).fill('v1,AAAA')
    await page.getByRole('button', { name: 'Check signature' }).click()
    await page.getByTestId('signature-result').waitFor()
    await audit('webhooks-signature-result')
  })

  it('settings: a failed connection test, a refused key, the audit log with entries', async () => {
    const { page } = app
    await openScreen(page, 'Settings')
    await page.getByTestId('audit-section').waitFor()
    await audit('settings')
    const { fixture } = app
    await page.getByRole('tab', { name: /Operator sandbox/ }).click()
    const panel = page.getByTestId('environment-panel-operator')
    await panel.getByLabel('Base URL').fill(fixture.sandbox.baseUrl)
    await panel.getByRole('button', { name: 'Save URL' }).click()
    await expect.poll(() => panel.getByRole('button', { name: 'Save URL' }).getAttribute('data-disabled')).toBe('true')
    await panel.getByLabel('Private key').fill('service_sandbox_wrong')
    await panel.getByRole('button', { name: 'Save key' }).click()
    await panel.getByText('A key is stored in the system keychain').waitFor()
    await panel.getByRole('button', { name: 'Test connection' }).click()
    await page.getByTestId('connection-test-result-operator').waitFor()
    await audit('settings-connection-failed')
    await page.getByRole('tab', { name: /Production/ }).click()
    await page.getByTestId('environment-panel-production').getByLabel('Private key').fill('service_pub_prod_x')
    await page.getByText(/This is a public key/).waitFor()
    await audit('settings-public-key-refused')
    // The key stored above is in the audit log now.
    await page.getByTestId('audit-section').getByRole('table').waitFor()
    await audit('settings-audit-entries')
  })

  it('draws a focus ring at 3:1 or more against the page in both schemes', async () => {
    const { page } = app
    await openScreen(page, 'Payments')
    await page.getByRole('textbox', { name: 'Payment ID' }).focus()
    await page.keyboard.press('Tab')
    for (const scheme of ['light', 'dark'] as const) {
      await app.setScheme(scheme)
      await expect.poll(() => page.evaluate('document.documentElement.dataset.mantineColorScheme')).toBe(scheme)
      const [outline, style, body] = await page.evaluate<[string, string, string]>(
        `(() => { const s = getComputedStyle(document.activeElement); return [s.outlineColor, s.outlineStyle, getComputedStyle(document.body).backgroundColor] })()`,
      )
      expect(style, scheme).toBe('solid')
      expect(contrast(outline, body), `${outline} on ${body} (${scheme})`).toBeGreaterThanOrEqual(3)
    }
    await app.setScheme('light')
  })
})

/** WCAG contrast of two computed rgb() colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r = 0, g = 0, bl = 0] = (rgb.match(/[\d.]+/g) ?? [])
      .map(Number)
      .map((c) => c / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (high + 0.05) / (low + 0.05)
}
