import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoViolationsInBothSchemes } from './axe'
import { launchBrowser, openApp, type AppPage } from './harness'

/** Notifications float over the page: close them so screenshots show the screen. */
async function dismissNotifications(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Dismiss notification' })
  while ((await close.count()) > 0) {
    await close.first().click()
  }
}

/** axe over the state in light and dark, with a screenshot of each. */
async function bothSchemes(app: AppPage, name: string): Promise<void> {
  await dismissNotifications(app.page)
  await expectNoViolationsInBothSchemes(app, name, name)
}

const field = (page: Page) => page.getByRole('textbox', { name: 'Payment ID' })

async function lookUp(page: Page, text: string): Promise<void> {
  await field(page).fill(text)
  await field(page).press('Enter')
}

/** Looks up a seed payment that failed with `code` and returns its failure card's texts. */
async function readFailure(page: Page, code: string) {
  await lookUp(page, `pay_seed_${code}`)
  const card = page.getByTestId('failure-card')
  await card.getByTestId('decline-code').getByText(code, { exact: true }).waitFor()
  return {
    title: await card.getByRole('heading', { level: 3 }).textContent(),
    meaning: await page.getByTestId('payment-details').getByTestId('decline-meaning').textContent(),
    retry: await card.getByTestId('retryable-badge').textContent(),
    customer: await card.getByTestId('customer-message').textContent(),
    next: await card.getByTestId('agent-next-step').textContent(),
  }
}

describe('Payments', () => {
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

  it('starts with what to do next', async () => {
    const { page } = app
    await page.getByRole('heading', { name: 'Look up a payment' }).waitFor()
    expect(await page.getByRole('group', { name: 'Recent lookups' }).textContent()).toContain('none yet')
    await bothSchemes(app, 'payments-empty')
  })

  it('explains failed payments of several codes, with what to tell the customer', async () => {
    const { page } = app

    const declined = await readFailure(page, 'card_declined')
    expect(declined.title).toBe('Declined by the bank')
    expect(declined.meaning).toContain('bank that issued the card refused')
    expect(declined.retry).toBe('Retry: yes')
    expect(declined.customer).toBe('Your card was declined. Please use a different card or contact your bank.')
    expect(declined.next).toContain('Tell the customer their bank declined the card')
    const summary = page.getByTestId('payment-summary')
    expect(await summary.getByTestId('payment-status').textContent()).toBe('failed')
    expect(await summary.getByTestId('amount-formatted').textContent()).toContain('120.00')
    await bothSchemes(app, 'payments-failed')
    await app.atSmallestWindow('payments-failed')
    // The rest is folded below, a button (and Enter) away.
    const details = page.getByTestId('payment-details')
    const attemptButton = details.getByRole('button', { name: 'Last attempt: when, method, amount as sent' })
    await attemptButton.focus()
    await page.keyboard.press('Enter')
    await details.getByTestId('amount-raw').waitFor()
    expect(await details.getByTestId('amount-raw').textContent()).toBe('12000')
    // Seeded 13 minutes before the sandbox started.
    expect(await details.getByTestId('attempt-relative').textContent()).toMatch(/^1[34] minutes ago$/)
    expect(await details.getByText('CARD', { exact: true }).count()).toBe(1)
    await details.getByRole('button', { name: 'What it means, who can fix it, retrying' }).click()
    await details.getByTestId('who-can-fix').waitFor()
    await expectNoViolationsInBothSchemes(app, 'payments details open', 'payments-failed-details')
    await app.atSmallestWindow('payments-failed-details')

    const stolen = await readFailure(page, 'stolen_card')
    expect(stolen.title).toBe('Card reported stolen')
    expect(stolen.retry).toBe('Retry: no')
    expect(stolen.customer).not.toMatch(/stolen|theft|lost|fraud|report/i)
    expect(stolen.next).toContain('do not tell the customer the card was reported stolen')

    const limit = await readFailure(page, 'withdrawal_count_limit_exceeded')
    expect(limit.title).toBe("Card's transaction limit reached")
    expect(limit.retry).toBe('Retry: later')
    expect(limit.customer).toContain('try again tomorrow')

    const expired = await readFailure(page, 'expired_card')
    expect(expired.title).toBe('Card expired')
    expect(expired.retry).toBe('Retry: no')
    expect(expired.customer).toContain('Your card has expired')
    expect(expired.next).toContain('card that is in date')
  })

  it('shows the raw JSON on request', async () => {
    const { page } = app
    await page.getByRole('button', { name: 'Show raw JSON' }).click()
    const raw = page.getByTestId('raw-json')
    await raw.waitFor()
    expect(await raw.textContent()).toContain('"error": "expired_card"')
    await page.getByRole('button', { name: 'Hide raw JSON' }).click()
    await raw.waitFor({ state: 'hidden' })
  })

  it('opens a recent lookup again with one click', async () => {
    const { page } = app
    const recent = page.getByRole('group', { name: 'Recent lookups' })
    await recent.getByRole('button', { name: 'pay_seed_stolen_card' }).click()
    await page.getByTestId('decline-code').getByText('stolen_card', { exact: true }).waitFor()
    expect(await field(page).inputValue()).toBe('pay_seed_stolen_card')
  })

  it('renders a settled payment and a pending one with no attempt', async () => {
    const { page } = app
    await lookUp(page, 'pay_seed_settled_1')
    const summary = page.getByTestId('payment-summary')
    const details = page.getByTestId('payment-details')
    await summary.getByTestId('payment-status').getByText('settled').waitFor()
    expect(await page.getByTestId('failure-card').count()).toBe(0)
    // Nothing failed: the last attempt is open from the start.
    await details.getByTestId('last-attempt').waitFor()
    expect(await details.getByTestId('last-attempt').textContent()).toContain('succeeded')
    expect(await details.getByTestId('attempt-relative').textContent()).toMatch(/minutes ago$/)
    await bothSchemes(app, 'payments-settled')

    await lookUp(page, 'pay_seed_pending_1')
    await summary.getByTestId('payment-status').getByText('pending').waitFor()
    expect(await page.getByTestId('failure-card').count()).toBe(0)
    expect(await details.getByTestId('last-attempt').textContent()).toContain('No deposit attempt yet')
    expect(await details.getByTestId('amount-raw').textContent()).toMatch(/^\d+$/)
  })

  it('says an unknown ID is not in this environment', async () => {
    const { page } = app
    await lookUp(page, 'pay_does_not_exist')
    const state = page.getByTestId('not-found')
    await state.getByRole('heading', { name: 'No payment with this ID in Local sandbox' }).waitFor()
    expect(await state.textContent()).toContain('pay_does_not_exist')
    expect(await page.getByRole('alert').count()).toBe(0)
    await bothSchemes(app, 'payments-not-found')
  })

  it('takes the ID out of a pasted dashboard link', async () => {
    const { page } = app
    await field(page).fill('')
    await field(page).focus()
    // A real paste: the text goes through the clipboard and Ctrl+V.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    const link = 'https://dashboard.example.com/payments/pay_seed_card_declined?tab=1'
    await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(link)})`)
    await page.keyboard.press('Control+V')
    await expect.poll(() => field(page).inputValue()).toBe('pay_seed_card_declined')
    expect(await page.getByTestId('field-hint').textContent()).toContain('Took pay_seed_card_declined out of the pasted text')
    await field(page).press('Enter')
    await page.getByTestId('decline-code').getByText('card_declined', { exact: true }).waitFor()
  })

  it('copies what the agent passes on: the customer message, the ID and the raw JSON, exactly', async () => {
    const { page } = app
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    const clipboard = () => page.evaluate<string>('navigator.clipboard.readText()')
    await lookUp(page, 'pay_seed_card_declined')
    const card = page.getByTestId('failure-card')
    await card.getByTestId('decline-code').getByText('card_declined', { exact: true }).waitFor()

    await card.getByRole('button', { name: 'Copy customer message' }).click()
    await page.getByRole('menuitem', { name: /^English/ }).click()
    await card.getByRole('button', { name: 'Copied' }).waitFor()
    expect(await clipboard()).toBe('Your card was declined. Please use a different card or contact your bank.')

    await page.getByRole('button', { name: 'Copy ID of this payment' }).click()
    await expect.poll(clipboard).toBe('pay_seed_card_declined')

    await page.getByRole('button', { name: 'Copy JSON' }).click()
    await expect.poll(clipboard).toContain('"id": "pay_seed_card_declined"')
    const copied = JSON.parse(await clipboard()) as { id: string; lastDepositAttempt: { error: string } }
    expect(copied.lastDepositAttempt.error).toBe('card_declined')
  })

  it('refuses two IDs in one paste without guessing', async () => {
    const { page } = app
    await lookUp(page, 'customer says pay_seed_card_declined or maybe pay_seed_expired_card')
    await page.getByText(/2 different IDs, so none was picked/).waitFor()
    const pick = page.getByRole('group', { name: 'IDs found in the text' })
    await pick.getByRole('button', { name: 'pay_seed_expired_card' }).click()
    await page.getByTestId('decline-code').getByText('expired_card', { exact: true }).waitFor()
  })

  it('jumps to the ID field with Ctrl+K from another screen', async () => {
    const { page } = app
    await page.getByLabel('Screens').getByText('Checkout', { exact: true }).click()
    await field(page).waitFor({ state: 'detached' })
    await page.keyboard.press('Control+K')
    await field(page).waitFor()
    const focused = field(page).and(page.locator(':focus'))
    await focused.waitFor()
    // The old ID is selected: typing replaces all of it.
    expect(await field(page).inputValue()).toBe('pay_seed_expired_card')
    await page.keyboard.type('pay_seed_card_declined')
    expect(await field(page).inputValue()).toBe('pay_seed_card_declined')
  })
})
