import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PaymentsDeskApi } from '../../src/shared/contract/api'
import { seedIds } from '../../src/sandbox'
import { expectNoViolationsInBothSchemes } from './axe'
import { launchBrowser, openApp, openScreen, type AppPage } from './harness'

// The screen's one rule, end to end on the real handlers and sandbox: what it shows answers the ID
// in the field, in the environment and account in use, or it shows nothing. Each state is audited
// with axe and photographed, light and dark, at 1280×800 and 1024×700.

const declined = seedIds.failed('card_declined')
const settled = seedIds.settled[0]
const field = (page: Page) => page.getByRole('textbox', { name: 'Payment ID' })

async function lookUp(page: Page, id: string): Promise<void> {
  await field(page).fill(id)
  await field(page).press('Enter')
}

/** The ID on the payment card, or null when none is shown. */
async function cardId(page: Page): Promise<string | null> {
  const heading = page.getByTestId('payment-summary').getByRole('heading', { level: 3 })
  return (await heading.count()) === 0 ? null : heading.textContent()
}

/** Until the page has drawn twice: what a delivered answer would change is on screen by then. */
const twoFrames = (page: Page) => page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))')

/**
 * Holds the page's answers to getPayment for `id` (the request goes out at once; its answer waits)
 * until `release` is called, which resolves once the answers were handed to the app.
 */
async function holdAnswers(page: Page, id: string): Promise<{ release: () => Promise<void> }> {
  await page.evaluate((held) => {
    const host = globalThis as unknown as {
      __paymentsDeskInvoke: (name: string, payload: { id?: string }) => Promise<unknown>
      __release?: () => Promise<void>
    }
    const real = host.__paymentsDeskInvoke
    const waiting: (() => void)[] = []
    let open!: () => void
    const gate = new Promise<void>((resolve) => {
      open = resolve
    })
    host.__paymentsDeskInvoke = (name, payload) => {
      const answer = real(name, payload)
      if (name !== 'getPayment' || payload.id !== held) return answer
      return new Promise((resolve) => {
        waiting.push(() => {
          resolve(gate.then(() => answer))
        })
      })
    }
    host.__release = async () => {
      host.__paymentsDeskInvoke = real
      open()
      for (const hand of waiting) hand()
      await gate
    }
  }, id)
  return {
    release: async () => {
      await page.evaluate('window.__release()')
      await twoFrames(page)
    },
  }
}

async function setSandboxLimit(app: AppPage, limit: { rate: number; burst: number }): Promise<void> {
  const { baseUrl, apiKey } = app.fixture.sandbox
  const response = await fetch(`${baseUrl}/sandbox/rate-limit`, {
    method: 'PUT',
    headers: { 'X-Service-Api-Key': apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(limit),
  })
  expect(response.status).toBe(200)
}

describe('Payments: the result answers the ID in the field', () => {
  let browser: Browser
  let app: AppPage
  /** The IDs of getPayment answers handed to the page, in order. */
  const answered: string[] = []

  beforeAll(async () => {
    browser = await launchBrowser()
    app = await openApp(browser, {
      onTraffic: (traffic) => {
        if (traffic.kind === 'invoke' && traffic.name === 'getPayment') answered.push((traffic.request as { id: string }).id)
      },
    })
  })

  afterAll(async () => {
    await app.close()
    await browser.close()
  })

  async function audit(state: string): Promise<void> {
    await expectNoViolationsInBothSchemes(app, state, `payments-${state}`)
    await app.atSmallestWindow(`payments-${state}`)
  }

  it('takes a second ID and Enter while the first answer is slow; the first, arriving last, is dropped', async () => {
    const { page } = app
    const first = await holdAnswers(page, declined)
    await lookUp(page, declined)
    await page.getByTestId('lookup-loading').getByText(`Looking up ${declined}`).waitFor()
    await audit('loading')
    await lookUp(page, settled)
    await page.getByTestId('payment-summary').getByRole('heading', { name: settled }).waitFor()
    await first.release()
    expect(await field(page).inputValue()).toBe(settled)
    expect(await cardId(page)).toBe(settled)
    expect(await page.getByTestId('failure-card').count()).toBe(0)
    await audit('last-enter-wins')
  })

  it('takes a second ID while the first waits behind a paused throttle, and shows only the second', async () => {
    const { page, fixture } = app
    // A slow limit and a burst of other lookups: the service answers 429 with Retry-After and the throttle pauses.
    // Retry-After 2 s: under the 3 s past which a lookup answers at once with "the service asked to wait".
    await setSandboxLimit(app, { rate: 0.5, burst: 1 })
    void page
      .evaluate((id) => {
        const api = (globalThis as unknown as { paymentsDesk: PaymentsDeskApi }).paymentsDesk
        return Promise.allSettled([1, 2, 3].map(() => api.invoke.getPayment({ id })))
      }, seedIds.pending[0])
      .catch(() => undefined)
    await expect
      .poll(async () => (await fixture.ok('getScheduler', {})).state.pausedUntil ?? 0, { timeout: 15_000 })
      .toBeGreaterThan(Date.now())
    const before = answered.length
    await lookUp(page, declined)
    await lookUp(page, seedIds.settled[1])
    await page.getByTestId('lookup-loading').getByText(`Looking up ${seedIds.settled[1]}`).waitFor()
    await setSandboxLimit(app, { rate: 100, burst: 100 })
    await page.getByTestId('payment-summary').getByRole('heading', { name: seedIds.settled[1] }).waitFor({ timeout: 30_000 })
    // Both lookups were answered; the screen kept the last one asked for.
    await expect.poll(() => answered.slice(before).includes(declined), { timeout: 30_000 }).toBe(true)
    await twoFrames(page)
    expect(await field(page).inputValue()).toBe(seedIds.settled[1])
    expect(await cardId(page)).toBe(seedIds.settled[1])
  })

  it('shows nothing for an ID typed over the one looked up, until Enter', async () => {
    const { page } = app
    await lookUp(page, declined)
    await page.getByTestId('failure-card').waitFor()
    await field(page).fill(settled)
    expect(await cardId(page)).toBeNull()
    expect(await page.getByTestId('failure-card').count()).toBe(0)
    await page.getByRole('heading', { name: 'Look up a payment' }).waitFor()
  })

  it('replaces "not found" with where every account search found it, then opens it there; choosing Default clears it', async () => {
    const { page } = app
    const id = seedIds.secondShop.failed
    await lookUp(page, id)
    await page.getByTestId('not-found').waitFor()
    await audit('not-found')
    await page.getByTestId('not-found').getByRole('button', { name: 'Search the other account' }).click()
    const results = page.getByTestId('every-account-results')
    await results.getByText(`${id}: found in 1 of 2 accounts`).waitFor()
    expect(await page.getByRole('heading', { name: /No payment with this ID/ }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Search the other account' }).count()).toBe(0)
    await audit('every-account')
    await results.getByRole('button', { name: 'Open in Second shop' }).click()
    await page.getByTestId('payment-summary').getByRole('heading', { name: id }).waitFor()
    expect(await cardId(page)).toBe(await field(page).inputValue())
    await page.getByRole('radiogroup', { name: 'Merchant account' }).getByRole('radio', { name: 'Default' }).click()
    await page.getByRole('heading', { name: 'Look up a payment' }).waitFor()
    expect(await cardId(page)).toBeNull()
  })

  it('never shows a two-IDs error above a "not found" for another ID', async () => {
    const { page } = app
    await lookUp(page, 'pay_does_not_exist')
    await page.getByTestId('not-found').waitFor()
    await lookUp(page, `either ${declined} or ${settled}`)
    await page.getByText(/2 different IDs, so none was picked/).waitFor()
    expect(await page.getByTestId('not-found').count()).toBe(0)
    expect(await cardId(page)).toBeNull()
    await audit('two-ids')
  })

  it('clears the sandbox payment and its recent lookups when the environment changes to Production', async () => {
    const { page } = app
    await lookUp(page, declined)
    await page.getByTestId('failure-card').waitFor()
    const recent = page.getByRole('group', { name: 'Recent lookups' })
    await recent.getByRole('button', { name: declined }).waitFor()
    await openScreen(page, 'Settings')
    await page.getByRole('radio', { name: /Production/ }).click()
    await page.getByRole('dialog', { name: 'Switch to Production?' }).getByRole('button', { name: 'Switch to Production' }).click()
    await expect.poll(() => page.getByTestId('environment-badge').textContent()).toBe('⚠ Production')
    await page.keyboard.press('Control+1')
    await field(page).and(page.locator(':focus')).waitFor()
    expect(await field(page).inputValue()).toBe(declined)
    expect(await cardId(page)).toBeNull()
    expect(await page.getByTestId('failure-card').count()).toBe(0)
    expect(await recent.textContent()).toContain('none yet')
    expect(await recent.getByRole('button').count()).toBe(0)
    await audit('production-cleared')
  })
})
