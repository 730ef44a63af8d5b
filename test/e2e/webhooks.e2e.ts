import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { header, rawDelivery, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver'
import { launchBrowser, openApp, type AppPage } from './harness'

/** Notifications float over the page: close them so screenshots show the screen. */
async function dismissNotifications(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Dismiss notification' })
  while ((await close.count()) > 0) {
    await close.first().click()
  }
}

async function bothSchemes(app: AppPage, name: string): Promise<void> {
  await dismissNotifications(app.page)
  // A full-page shot of a scrolled page draws the fixed header and navbar mid-page.
  await app.page.evaluate('window.scrollTo(0, 0)')
  await app.screenshot(name)
  await app.setScheme('dark')
  await app.screenshot(name)
  await app.setScheme('light')
}

describe('Webhooks', () => {
  let browser: Browser
  let app: AppPage
  let receiver: WebhookReceiver
  let page: Page

  beforeAll(async () => {
    receiver = await startWebhookReceiver()
    browser = await launchBrowser()
    app = await openApp(browser)
    page = app.page
    await page.getByRole('navigation', { name: 'Screens' }).getByText('Webhooks', { exact: true }).click()
    await page.getByRole('heading', { name: 'Webhooks', level: 2 }).waitFor()
  })

  afterAll(async () => {
    await app.close()
    await browser.close()
    await receiver.close()
  })

  it('starts by saying what to do, and that the service cannot list its endpoints', async () => {
    await page.getByText('No endpoints registered from this app yet').waitFor()
    await page.getByText(/service's own list of endpoints is not available through its documented API/).waitFor()
    await bothSchemes(app, 'webhooks-empty')
  })

  it('checks the URL before sending, then registers and shows the fingerprint', async () => {
    const url = page.getByRole('textbox', { name: 'Endpoint URL' })
    await url.fill('ftp://hooks.example.com/x')
    await page.getByRole('button', { name: 'Register endpoint' }).click()
    await page.getByText('Webhook URLs must use https://, not ftp:').waitFor()
    expect(app.fixture.responses.filter((r) => r.name === 'registerWebhook')).toHaveLength(0)

    await url.fill(receiver.url)
    await page.getByRole('button', { name: 'Register endpoint' }).click()
    const panel = page.getByTestId('endpoint-panel')
    await panel.waitFor()
    const [stored] = await app.fixture.ok('listWebhooks', {})
    if (!stored) throw new Error('no endpoint was stored')
    expect(stored.secretStored).toBe(true)
    expect(await panel.getByTestId('endpoint-fingerprint').textContent()).toBe(stored.fingerprint)
    await panel.getByText('payment.failed', { exact: true }).waitFor()
    expect(await page.getByTestId('endpoint-row').count()).toBe(1)
    await bothSchemes(app, 'webhooks-registered')

    await dismissNotifications(page)
    await app.atSmallestWindow('webhooks-registered')
  })

  it('sends a test event from the UI and shows its delivery live', async () => {
    await page.getByRole('tab', { name: 'Test events' }).click()
    const paymentId = page.getByRole('combobox', { name: 'Payment ID' })
    await paymentId.fill('pay_seed_pending_2')
    await page.getByRole('combobox', { name: 'Decline code' }).click()
    await page.getByRole('option', { name: /insufficient_funds/ }).click()
    await page.getByRole('button', { name: 'Send test event' }).click()

    const [hook] = await receiver.waitForRequests(1)
    if (!hook) throw new Error('no delivery reached the receiver')
    const delivery = page.getByTestId('delivery').filter({ hasText: header(hook, 'hook-id') })
    await delivery.getByTestId('delivery-status').getByText('delivered').waitFor()
    await delivery.getByText('payment.failed', { exact: true }).waitFor()
    await delivery.getByText('HTTP 200').waitFor()
    expect(JSON.parse(hook.body)).toMatchObject({
      type: 'payment.failed',
      data: { id: 'pay_seed_pending_2', lastDepositAttempt: { error: 'insufficient_funds' } },
    })
    await bothSchemes(app, 'webhooks-deliveries')

    await delivery.getByRole('button', { name: 'Check its signature' }).click()
    expect(await page.getByRole('textbox', { name: 'hook-id' }).inputValue()).toBe(header(hook, 'hook-id'))
    await page.getByTestId('checker-prefill-note').waitFor()
  })

  it('checks the received delivery with the stored secret: valid', async () => {
    const hook = receiver.requests[0]
    if (!hook) throw new Error('no delivery')
    await page.getByRole('button', { name: /Paste a whole delivery/ }).click()
    await page.getByRole('textbox', { name: 'Raw delivery' }).fill(rawDelivery(hook))
    await page.getByRole('button', { name: 'Split into fields' }).click()
    await page.getByText('Split into the fields below.').waitFor()
    expect(await page.getByRole('textbox', { name: 'Raw body' }).inputValue()).toBe(hook.body)
    expect(await page.getByRole('textbox', { name: 'hook-signature' }).inputValue()).toBe(header(hook, 'hook-signature'))
    expect(await page.getByRole('textbox', { name: 'hook-timestamp' }).inputValue()).toBe(header(hook, 'hook-timestamp'))

    await page.getByRole('button', { name: 'Check signature' }).click()
    const result = page.getByTestId('signature-result')
    await result.getByText('Valid signature').waitFor()
    expect(await result.getAttribute('data-cause')).toBe('valid')
    await bothSchemes(app, 'webhooks-checker-valid')
  })

  it('says what is wrong when one byte of the body changed', async () => {
    const hook = receiver.requests[0]
    if (!hook) throw new Error('no delivery')
    const changed = hook.body.replace('pay_seed_pending_2', 'pay_seed_pending_3')
    expect(changed).not.toBe(hook.body)
    await page.getByRole('textbox', { name: 'Raw body' }).fill(changed)
    await page.getByRole('button', { name: 'Check signature' }).click()
    const result = page.getByTestId('signature-result')
    await result.getByText('Invalid: No signature matches').waitFor()
    expect(await result.getAttribute('data-cause')).toBe('no-match')
    expect(await result.textContent()).toContain('the body differs from what was signed')
    await bothSchemes(app, 'webhooks-checker-invalid')
    await app.atSmallestWindow('webhooks-checker-invalid')

    // Re-formatted JSON is told apart from a changed byte.
    await page.getByRole('textbox', { name: 'Raw body' }).fill(JSON.stringify(JSON.parse(hook.body), null, 2))
    await page.getByRole('button', { name: 'Check signature' }).click()
    await result.getByText('Invalid: The body was changed (re-formatted)').waitFor()
  })

  it('reveals the secret once, after the warning, masked', async () => {
    await page.getByRole('tab', { name: 'Endpoints' }).click()
    const panel = page.getByTestId('endpoint-panel')
    await panel.getByRole('button', { name: 'Reveal secret once…' }).click()
    const warning = page.getByRole('dialog', { name: 'Reveal the signing secret?' })
    await warning.getByText(/can forge deliveries/).waitFor()
    expect(app.fixture.responses.filter((r) => r.name === 'revealWebhookSecret')).toHaveLength(0)
    await bothSchemes(app, 'webhooks-reveal-warning')
    await warning.getByRole('button', { name: 'Reveal secret' }).click()
    const secret = panel.getByLabel('Signing secret')
    await secret.waitFor()
    expect(await secret.getAttribute('type')).toBe('password')
    expect(await secret.inputValue()).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/)
    await panel.getByRole('button', { name: 'Copy secret' }).waitFor()
    await bothSchemes(app, 'webhooks-secret-shown')

    // Leaving the screen forgets it.
    await page.getByRole('navigation', { name: 'Screens' }).getByText('Requests', { exact: true }).click()
    // Screens load on first use: until Requests shows, Webhooks stays on screen (and mounted).
    await page.getByRole('heading', { name: 'Requests', level: 2 }).waitFor()
    await page.getByRole('navigation', { name: 'Screens' }).getByText('Webhooks', { exact: true }).click()
    await page
      .getByTestId('endpoint-panel')
      .getByTestId('secret-revealed')
      .getByText(/shown only once/)
      .waitFor()
    expect(await page.getByLabel('Signing secret').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Reveal secret once…' }).count()).toBe(0)
    await app.screenshot('webhooks-secret-revealed')
    // And the main process would refuse a second reveal anyway.
    const revealed = (await app.fixture.ok('listWebhooks', {})).find((endpoint) => endpoint.revealedAt !== null)
    const again = await app.fixture.call('revealWebhookSecret', { endpointId: revealed?.id ?? '' })
    expect(again).toMatchObject({ ok: false, error: { code: 'secret-already-revealed' } })
  })
})
