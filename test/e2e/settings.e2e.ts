import type { Browser, Page } from 'playwright-core'
import { readApiKey } from '../../src/main/secrets/api-key-item'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openApp, type AppPage } from './harness'

/** Notifications float over the page: let them close by themselves so screenshots show the screen. */
async function noNotifications(page: Page): Promise<void> {
  await expect.poll(() => page.getByRole('button', { name: 'Dismiss notification' }).count(), { timeout: 15_000 }).toBe(0)
}

async function bothSchemes(app: AppPage, name: string): Promise<void> {
  await noNotifications(app.page)
  // A full-page screenshot of a scrolled page draws the fixed header mid-page.
  await app.page.evaluate('window.scrollTo(0, 0)')
  await app.screenshot(name)
  await app.setScheme('dark')
  await app.screenshot(name)
  await app.setScheme('light')
}

describe('Settings', () => {
  let browser: Browser
  let app: AppPage

  beforeAll(async () => {
    browser = await launchBrowser()
    app = await openApp(browser)
  })

  afterAll(async () => {
    await app.close()
    await browser.close()
  })

  it('tests the local sandbox, whose key the app manages', async () => {
    const { page } = app
    await page.getByLabel('Screens').getByText('Settings', { exact: true }).click()
    await page.getByRole('heading', { name: 'Settings', level: 2 }).waitFor()
    const local = page.getByTestId('environment-panel-local')
    await local.getByText(/there is no key to\s+enter/).waitFor()
    expect(await local.getByLabel(/private key/i).count()).toBe(0)
    await local.getByRole('button', { name: 'Test connection' }).click()
    const result = page.getByTestId('connection-test-result-local')
    await result.waitFor()
    expect(await result.getAttribute('data-ok')).toBe('true')
    expect(await result.textContent()).toContain('Connected to Local sandbox')
    await bothSchemes(app, 'settings-local')
  })

  it('fails the connection test with a wrong key, then passes with the right one', async () => {
    const { page, fixture } = app
    await page.getByRole('tab', { name: /Operator sandbox/ }).click()
    const panel = page.getByTestId('environment-panel-operator')
    await panel.getByLabel('Base URL').fill(fixture.sandbox.baseUrl)
    await panel.getByRole('button', { name: 'Save URL' }).click()
    // Saved, not only sent (a loading button is disabled too): the key is bound to the saved URL.
    await expect.poll(() => panel.getByRole('button', { name: 'Save URL' }).getAttribute('data-disabled')).toBe('true')

    await panel.getByLabel('Private key').fill('service_sandbox_wrong')
    await panel.getByRole('button', { name: 'Save key' }).click()
    await panel.getByText('A key is stored in the system keychain').waitFor()
    expect(await panel.getByLabel(/private key/i).count()).toBe(0)

    await panel.getByRole('button', { name: 'Test connection' }).click()
    const result = page.getByTestId('connection-test-result-operator')
    await result.waitFor()
    expect(await result.getAttribute('data-code')).toBe('key-rejected')
    expect(await result.getAttribute('role')).toBe('alert')
    expect(await result.textContent()).toMatch(/Connection failed.*refused this key \(401\).*private key.*Error code: key-rejected/)

    await panel.getByRole('button', { name: 'Replace key' }).click()
    await panel.getByLabel('New private key').fill(fixture.sandbox.apiKey)
    await panel.getByRole('button', { name: 'Save new key' }).click()
    await panel.getByText('A key is stored in the system keychain').waitFor()
    // A new key makes the old result stale: it is gone until the next test.
    expect(await result.count()).toBe(0)
    await panel.getByRole('button', { name: 'Test connection' }).click()
    await result.waitFor()
    expect(await result.getAttribute('data-ok')).toBe('true')
    expect(await result.textContent()).toContain('Connected to Operator sandbox: the key is accepted.')

    expect(await page.content()).not.toContain(fixture.sandbox.apiKey)
    // It went to the keychain, bound to the base URL it was entered for, and nowhere the page can see.
    expect(await readApiKey(fixture.secrets, 'operator')).toEqual({
      kind: 'bound',
      origin: new URL(fixture.sandbox.baseUrl).origin,
      key: fixture.sandbox.apiKey,
    })
    await bothSchemes(app, 'settings-operator-key-stored')
  })

  it('refuses a public key with the explanation', async () => {
    const { page, fixture } = app
    await page.getByRole('tab', { name: /Production/ }).click()
    const panel = page.getByTestId('environment-panel-production')
    const field = panel.getByLabel('Private key')
    await field.fill('service_pub_prod_x')
    await panel.getByText(/This is a public key \(service_pub_\.\.\.\)\. Public keys only work in the card form/).waitFor()
    await panel.getByRole('button', { name: 'Save key' }).click()
    expect(await field.inputValue()).toBe('service_pub_prod_x')
    const view = await fixture.ok('getSettings', {})
    expect(view.environments.find((env) => env.id === 'production')?.hasKey).toBe(false)
    await field.fill('')
  })

  it('asks before switching to production, then the header turns into the production warning', async () => {
    const { page } = app
    const badge = page.getByTestId('environment-badge')
    expect(await badge.textContent()).toBe('Local sandbox')
    await page.getByRole('radio', { name: /Production/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Switch to Production?' })
    await dialog.waitFor()
    await bothSchemes(app, 'settings-production-confirm')
    await dialog.getByRole('button', { name: 'Switch to Production' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => badge.textContent()).toBe('⚠ Production')
    expect(await page.getByRole('radio', { name: /Production/ }).getAttribute('aria-checked')).toBe('true')
    await bothSchemes(app, 'settings-production')

    await page.evaluate('window.scrollTo(0, 0)')
    await app.atSmallestWindow('settings')
  })

  it('switches the theme to dark and back to the system', async () => {
    const { page } = app
    const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme')
    // Mantine follows the emulated system scheme a frame late: the last test may have just switched back.
    await expect.poll(scheme).toBe('light')
    await page.getByRole('radiogroup', { name: 'Theme' }).getByText('Dark', { exact: true }).click()
    await expect.poll(scheme).toBe('dark')
    expect((await app.fixture.ok('getSettings', {})).settings.theme).toBe('dark')
    await page.getByRole('radiogroup', { name: 'Theme' }).getByText('Same as the system', { exact: true }).click()
    await expect.poll(scheme).toBe('light')
  })
})
