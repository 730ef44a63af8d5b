import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PaymentsDeskApi } from '../../src/shared/contract/api'
import { lockedReason } from '../../src/shared/policy/channel-roles'
import { expectNoViolationsInBothSchemes } from './axe'
import { launchBrowser, openApp, openScreen, type AppPage } from './harness'

// A support desk as IT would deploy it: the Local sandbox and Production (its address fixed), a fixed ceiling.
const supportPolicy = {
  version: 1,
  role: 'support',
  environments: { local: {}, production: { baseUrl: 'https://api.example.com' } },
  throttle: { ceiling: 20 },
}

let browser: Browser
let app: AppPage

beforeAll(async () => {
  browser = await launchBrowser()
  app = await openApp(browser, { policy: supportPolicy })
})

afterAll(async () => {
  await app.close()
  await browser.close()
})

async function audit(state: string): Promise<void> {
  await expectNoViolationsInBothSchemes(app, state, `policy-${state}`)
}

describe('a support desk under a managed policy', () => {
  it('has no Checkout or Webhooks screen, and their shortcuts open nothing', async () => {
    const { page } = app
    const nav = page.getByRole('navigation', { name: 'Screens' })
    // Until the settings (and so the policy) arrive, every screen is listed: wait for the policy to take them away.
    await expect
      .poll(async () => (await nav.getByRole('button').allTextContents()).some((label) => label.startsWith('Checkout')))
      .toBe(false)
    const labels = await nav.getByRole('button').allTextContents()
    expect(labels.some((label) => label.startsWith('Webhooks'))).toBe(false)
    expect(labels.some((label) => label.startsWith('Payments'))).toBe(true)
    expect(labels.some((label) => label.startsWith('Batch lookup'))).toBe(true)
    await page.keyboard.press('Control+4')
    await page.keyboard.press('Control+3')
    await expect.poll(() => page.getByRole('heading', { name: 'Webhooks', exact: true }).count()).toBe(0)
    expect(await page.getByRole('heading', { name: 'Checkout', exact: true }).count()).toBe(0)
  })

  it('looks payments up', async () => {
    const { page } = app
    const field = page.getByRole('textbox', { name: 'Payment ID' })
    await field.fill('pay_seed_card_declined')
    await field.press('Enter')
    await page.getByText('pay_seed_card_declined').first().waitFor()
  })

  it('cannot register a webhook even by calling the API the window was given', async () => {
    const answer = await app.page.evaluate(() =>
      (globalThis as unknown as { paymentsDesk: PaymentsDeskApi }).paymentsDesk.invoke.registerWebhook({
        url: 'https://hooks.example.org/in',
        connect: false,
      }),
    )
    expect(answer).toMatchObject({ ok: false, error: { code: 'not-allowed-by-policy' } })
    expect(app.fixture.core.requestLog.snapshot().some((entry) => entry.method === 'POST')).toBe(false)
  })

  it('shows the policy, and the locked fields with their reason, in Settings', async () => {
    const { page } = app
    await openScreen(page, 'Settings')
    const section = page.getByTestId('policy-section')
    await section.getByText(/Role: Support/).waitFor()
    expect(await page.getByTestId('environment-option-operator').count()).toBe(0)
    await page.getByRole('tab', { name: /Production/ }).click()
    const url = page.getByRole('textbox', { name: 'Base URL' })
    expect(await url.inputValue()).toBe('https://api.example.com')
    expect(await url.getAttribute('readonly')).not.toBeNull()
    await page.getByTestId('environment-panel-production').getByText(lockedReason, { exact: true }).waitFor()
    await page.getByTestId('key-locked-production').waitFor()
    expect(await page.getByRole('button', { name: 'Save URL' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0)
    await audit('settings-support')
  })

  it('shows the throttle locked on the Requests screen', async () => {
    const { page } = app
    await openScreen(page, 'Requests')
    const ceiling = page.getByRole('textbox', { name: 'Ceiling (req/s)' })
    expect(await ceiling.getAttribute('readonly')).not.toBeNull()
    await page.getByText(lockedReason).first().waitFor()
    expect(await page.getByRole('button', { name: 'Apply' }).count()).toBe(0)
    await audit('requests-support')
  })
})
