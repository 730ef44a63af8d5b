import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { seedIds } from '../../src/sandbox'
import { expectNoViolations, expectNoViolationsInBothSchemes } from './axe'
import { launchBrowser, openApp, openScreen, type AppPage } from './harness'

/*
 * Several merchant accounts, in the local sandbox's two ("Default" and "Second shop", each
 * seeing only its own payments), through the bridged window and the real handlers.
 */

let browser: Browser
let app: AppPage | undefined

beforeAll(async () => {
  browser = await launchBrowser()
})
afterEach(async () => {
  await app?.close()
  app = undefined
})
afterAll(async () => {
  await browser.close()
})

const field = (page: Page) => page.getByRole('textbox', { name: 'Payment ID' })
const badge = (page: Page) => page.getByTestId('environment-badge')

async function lookUp(page: Page, id: string): Promise<void> {
  await field(page).fill(id)
  await field(page).press('Enter')
}

describe('merchant accounts', () => {
  it('finds a payment in the account that holds it and opens it there', async () => {
    app = await openApp(browser)
    const { page } = app
    const accounts = page.getByRole('radiogroup', { name: 'Merchant account' })
    await accounts.getByRole('radio', { name: 'Default' }).waitFor()
    expect(await accounts.getByRole('radio', { name: 'Default' }).isChecked()).toBe(true)

    await lookUp(page, seedIds.secondShop.settled)
    await page.getByTestId('not-found').waitFor()

    await page.getByRole('button', { name: 'Look up in every account' }).click()
    const results = page.getByTestId('every-account-results')
    await results.getByText(`${seedIds.secondShop.settled}: found in 1 of 2 accounts`).waitFor()
    expect(await results.getByTestId('finding-default').textContent()).toContain('Not in this account')
    expect(await results.getByTestId('finding-second-shop').textContent()).toContain('settled')
    await expectNoViolations(page, 'every account results')
    await app.screenshot('accounts-every-account')

    await results.getByRole('button', { name: 'Open in Second shop' }).click()
    await expect.poll(() => badge(page).textContent()).toBe('Local sandbox · Second shop')
    await page.getByRole('heading', { name: seedIds.secondShop.settled, level: 3 }).waitFor()
    expect(await page.getByTestId('payment-account').textContent()).toBe('Second shop')
    expect(await accounts.getByRole('radio', { name: 'Second shop' }).isChecked()).toBe(true)
    await app.screenshot('accounts-opened-in-second-shop')

    // One click back: the Default key cannot see it.
    await accounts.getByRole('radio', { name: 'Default' }).click()
    await expect.poll(() => badge(page).textContent()).toBe('Local sandbox')
    await lookUp(page, seedIds.secondShop.settled)
    // Not found here: the answer itself offers the other account.
    await page.getByTestId('not-found').getByRole('button', { name: 'Search the other account' }).click()
    await results.getByText(`${seedIds.secondShop.settled}: found in 1 of 2 accounts`).waitFor()
  })

  it('opens a link in the account it names, and copies a link that names the account in use', async () => {
    app = await openApp(browser)
    const { page, fixture } = app
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    fixture.core.links.receive(`payments-desk://payment/${seedIds.secondShop.failed}?account=Second%20shop`)
    await page.getByTestId('failure-card').getByRole('heading', { name: 'Card expired' }).waitFor()
    await expect.poll(() => badge(page).textContent()).toBe('Local sandbox · Second shop')
    expect(await page.getByTestId('payment-account').textContent()).toBe('Second shop')
    await page.getByRole('button', { name: 'Copy link to this payment' }).click()
    await expect
      .poll(() => page.evaluate<string>('navigator.clipboard.readText()'))
      .toBe(`payments-desk://payment/${seedIds.secondShop.failed}?account=Second%20shop`)
  })

  it('shows the account of each request in the Requests log and of each batch', async () => {
    app = await openApp(browser)
    const { page } = app
    // The choice is main's to make: the radio shows it once the settings answer.
    await page.getByRole('radiogroup', { name: 'Merchant account' }).getByRole('radio', { name: 'Second shop' }).click()
    await expect.poll(() => badge(page).textContent()).toBe('Local sandbox · Second shop')
    // A screen reader hears the switch: the badge that shows it is far from the radio.
    await expect.poll(() => page.getByTestId('announcer').textContent()).toMatch(/^Now using the account Second shop\./)
    await lookUp(page, seedIds.secondShop.failed)
    await page.getByTestId('failure-card').waitFor()
    await openScreen(page, 'Requests')
    const row = page.getByRole('row').filter({ hasText: seedIds.secondShop.failed })
    await row.first().waitFor()
    expect(await row.first().textContent()).toContain('Second shop')
  })

  it('adds an account in Settings, gives it a key, and switches to it in one click', async () => {
    app = await openApp(browser)
    const { page, fixture } = app
    await openScreen(page, 'Settings')
    await page.getByRole('tab', { name: /Operator sandbox/ }).click()
    const panel = page.getByTestId('environment-panel-operator')
    await panel.getByRole('textbox', { name: 'Base URL' }).fill(fixture.sandbox.baseUrl)
    await panel.getByRole('button', { name: 'Save URL' }).click()
    await panel.getByRole('textbox', { name: 'Add an account' }).fill('Shop FR')
    await panel.getByRole('button', { name: 'Add account' }).click()
    const choice = panel.getByRole('radiogroup', { name: 'Merchant accounts' })
    await choice.getByRole('radio', { name: /Shop FR/ }).click()
    await expect.poll(() => choice.getByRole('radio', { name: /Shop FR/ }).isChecked()).toBe(true)
    await panel.getByRole('textbox', { name: 'Private key' }).waitFor()
    await expectNoViolations(page, 'settings accounts')
    await app.screenshot('accounts-settings')
    // A name already taken is refused where it is typed.
    await panel.getByRole('textbox', { name: 'Add an account' }).fill('shop fr')
    await panel.getByRole('button', { name: 'Add account' }).click()
    await panel.getByText('There is already an account named "shop fr" here.').waitFor()
    // Removing it asks first, in a dialog named for what it does; then the account is gone and Default is in use.
    await panel.getByRole('button', { name: 'Remove Shop FR' }).click()
    const removal = page.getByRole('dialog', { name: 'Remove the account Shop FR?' })
    await removal.waitFor()
    await expectNoViolationsInBothSchemes(app, 'settings remove account dialog', 'accounts-remove-dialog')
    await removal.getByRole('button', { name: 'Remove account' }).click()
    await removal.waitFor({ state: 'detached' })
    await expect.poll(() => choice.getByRole('radio', { name: /Shop FR/ }).count()).toBe(0)
    await expect.poll(() => choice.getByRole('radio', { name: /Default/ }).isChecked()).toBe(true)
  })
})
