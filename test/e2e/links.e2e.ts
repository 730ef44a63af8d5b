import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createLinkInbox } from '../../src/main/links/link-inbox'
import { customerMessages } from '../../src/shared/customer-messages'
import type { Traffic } from './bridge'
import { launchBrowser, openApp, openScreen, type AppPage } from './harness'

/*
 * payments-desk:// links, delivered the way main delivers them: into the core's link inbox
 * (index.ts hands it argv and macOS's open-url), which the bridged window asks and listens to.
 */

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser.close()
})

const field = (page: Page) => page.getByRole('textbox', { name: 'Payment ID' })

describe('links that open a payment', () => {
  let app: AppPage | undefined
  let traffic: Traffic[]

  afterEach(async () => {
    await app?.close()
    app = undefined
  })

  const lookups = () => traffic.flatMap((t) => (t.kind === 'invoke' && t.name === 'getPayment' ? [(t.request as { id: string }).id] : []))

  async function open(options: Parameters<typeof openApp>[1] = {}): Promise<AppPage> {
    traffic = []
    app = await openApp(browser, { ...options, onTraffic: (t) => traffic.push(t) })
    return app
  }

  it('opens the app on the payment of a link it was started with, in the named account', async () => {
    const links = createLinkInbox()
    // The first start's command line, before the core or the window exist.
    links.receiveArgv(['/opt/Payments Desk/payments-desk', 'payments-desk://payment/pay_seed_card_declined?account=Default'])
    const { page } = await open({ links })
    const card = page.getByTestId('failure-card')
    await card.getByRole('heading', { name: 'Declined by the bank' }).waitFor()
    expect(await page.getByRole('heading', { name: 'pay_seed_card_declined', level: 3 }).isVisible()).toBe(true)
    expect(await field(page).inputValue()).toBe('pay_seed_card_declined')
    expect(lookups()).toEqual(['pay_seed_card_declined'])
  })

  it('opens a link clicked while the app runs, from another screen, over the payment on screen', async () => {
    const { page, fixture } = await open()
    await openScreen(page, 'Settings')
    fixture.core.links.receive('payments-desk://payment/pay_seed_expired_card')
    await page.getByRole('heading', { name: 'Payments', level: 2 }).waitFor()
    await page.getByTestId('failure-card').getByRole('heading', { name: 'Card expired' }).waitFor()
    fixture.core.links.receiveArgv(['payments-desk', '--', 'payments-desk://payment/pay_seed_settled_1?account=default'])
    await page.getByRole('heading', { name: 'pay_seed_settled_1', level: 3 }).waitFor()
    expect(lookups()).toEqual(['pay_seed_expired_card', 'pay_seed_settled_1'])
  })

  it('says why a link with a bad ID cannot be opened, and looks nothing up', async () => {
    const { page, fixture } = await open()
    fixture.core.links.receive('payments-desk://payment/pay_1%2F..%2Frefund')
    const alert = page.getByTestId('link-error')
    await alert.getByText('This link cannot be opened', { exact: true }).waitFor()
    expect(await alert.textContent()).toContain('A payment ID cannot contain "/", "?" or "#"')
    expect(await alert.textContent()).toContain('Nothing was looked up.')
    await app?.screenshot('link-refused')
    fixture.core.links.receive('payments-desk://payment/pay_seed_card_declined?account=Default&action=refund')
    await alert.getByText(/It has more than one parameter/).waitFor()
    expect(lookups()).toEqual([])
  })

  it('refuses a link to an account this environment does not have, instead of looking in another', async () => {
    const { page, fixture } = await open()
    fixture.core.links.receive('payments-desk://payment/pay_seed_card_declined?account=Shop%20FR')
    const alert = page.getByTestId('link-error')
    await alert.getByText('The account in this link is not set up', { exact: true }).waitFor()
    expect(await alert.textContent()).toContain('The link is for the account "Shop FR", which is not set up in Local sandbox.')
    expect(lookups()).toEqual([])
  })

  it('copies a link to the payment on screen that opens the same payment again', async () => {
    const { page, fixture } = await open()
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await field(page).fill('pay_seed_card_declined')
    await field(page).press('Enter')
    await page.getByTestId('failure-card').waitFor()
    await page.getByRole('button', { name: 'Copy link to this payment' }).click()
    const clipboard = () => page.evaluate<string>('navigator.clipboard.readText()')
    await expect.poll(clipboard).toBe('payments-desk://payment/pay_seed_card_declined?account=Default')

    await field(page).fill('pay_seed_expired_card')
    await field(page).press('Enter')
    await page.getByTestId('failure-card').getByRole('heading', { name: 'Card expired' }).waitFor()
    fixture.core.links.receive(await clipboard())
    await page.getByTestId('failure-card').getByRole('heading', { name: 'Declined by the bank' }).waitFor()
    expect(lookups()).toEqual(['pay_seed_card_declined', 'pay_seed_expired_card', 'pay_seed_card_declined'])
  })
})

describe('customer messages', () => {
  it('copies the message in the language picked for each copy and remembers the last one', async () => {
    const app = await openApp(browser)
    try {
      const { page } = app
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
      const clipboard = () => page.evaluate<string>('navigator.clipboard.readText()')
      await field(page).fill('pay_seed_expired_card')
      await field(page).press('Enter')
      const card = page.getByTestId('failure-card')
      await card.getByRole('heading', { name: 'Card expired' }).waitFor()

      await card.getByRole('button', { name: 'Copy customer message' }).click()
      await page.getByRole('menuitem', { name: 'Français' }).waitFor()
      await app.screenshot('customer-message-menu')
      await page.getByRole('menuitem', { name: 'Français' }).click()
      await expect.poll(clipboard).toBe(customerMessages.expired_card.fr)
      expect(await card.getByTestId('customer-message').textContent()).toBe(customerMessages.expired_card.fr)

      // Another payment, after a restart of the window: French is still the one shown and marked.
      await page.reload()
      await field(page).fill('pay_seed_insufficient_funds')
      await field(page).press('Enter')
      await card.getByRole('heading', { name: 'Not enough funds' }).waitFor()
      expect(await card.getByTestId('customer-message').textContent()).toBe(customerMessages.insufficient_funds.fr)
      await card.getByRole('button', { name: 'Copy customer message' }).click()
      await page.getByRole('menuitem', { name: 'Français last used' }).waitFor()
      await page.getByRole('menuitem', { name: 'Español' }).click()
      await expect.poll(clipboard).toBe(customerMessages.insufficient_funds.es)
    } finally {
      await app.close()
    }
  })
})
