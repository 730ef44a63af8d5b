import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../helpers/sandbox-client'
import { launchBrowser, openApp, waitForApp, type AppPage } from './harness'

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

async function openCheckout(page: Page): Promise<void> {
  await page.keyboard.press('Control+3')
  await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor()
}

async function fill(page: Page, label: string, text: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).fill(text)
}

async function fillGoodOrder(page: Page): Promise<void> {
  await fill(page, 'Product 1 name', 'Team seat')
  await fill(page, 'Product 1 unit price', '1500')
  await fill(page, 'Product 1 quantity', '4')
  if ((await page.getByLabel('Product 2 name', { exact: true }).count()) === 0) {
    await page.getByRole('button', { name: 'Add product' }).click()
  }
  await fill(page, 'Product 2 name', 'Onboarding call')
  await fill(page, 'Product 2 unit price', '9900')
  await fill(page, 'Customer e-mail', 'ada@example.com')
  await fill(page, 'Success URL', 'https://shop.example.com/ok')
  await fill(page, 'Cancel URL', 'https://shop.example.com/cancel')
}

/** Both schemes of one state, so dark mode is looked at as often as light. */
async function screenshots(name: string): Promise<void> {
  await app.page.evaluate('window.scrollTo(0, 0)')
  await app.screenshot(name)
  await app.setScheme('dark')
  await app.screenshot(name)
  await app.setScheme('light')
}

async function requestLog() {
  return app.fixture.ok('getRequestLog', {})
}

async function checkoutPosts(): Promise<number> {
  return (await requestLog()).filter((entry) => entry.method === 'POST' && entry.path === '/api/checkout/payment').length
}

const createButton = (page: Page) => page.getByRole('button', { name: 'Create checkout payment' })

describe('Checkout against the local sandbox', () => {
  it("checks the form in the service's words, shows the service's own 400 by its field, then creates a payment", async () => {
    const { page, fixture } = app
    await openCheckout(page)
    await expect.poll(() => page.getByTestId('price-unit-note').textContent()).toContain('1500 means €15.00')
    await screenshots('checkout-empty')

    // Only the service's two currencies can be chosen: GBP never reaches it from here.
    expect(await page.getByRole('main').getByRole('radio').count()).toBe(2)
    expect(await page.getByRole('radio', { name: 'EUR', exact: true }).isChecked()).toBe(true)
    expect(await page.getByRole('radio', { name: 'USD', exact: true }).count()).toBe(1)

    // No products at all.
    await page.getByRole('button', { name: 'Remove product 1' }).click()
    await createButton(page).click()
    await page.getByText('Add at least one product.', { exact: true }).waitFor()
    await page.getByText('Service: products should not be empty', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Add product' }).click()

    // A bad e-mail, a decimal price and a URL with no top-level domain: the client says so in
    // its own words, with what the service would say beneath.
    await fillGoodOrder(page)
    await fill(page, 'Customer e-mail', 'ada@example')
    await fill(page, 'Product 2 unit price', '99.5')
    await fill(page, 'Success URL', 'http://localhost:3000/ok')
    await createButton(page).click()
    await page.getByText('Service: customerEmail must be an email', { exact: true }).waitFor()
    await page.getByText('Service: products.1.price must be an integer number', { exact: true }).waitFor()
    await page.getByText('Service: successUrl must be a URL address', { exact: true }).waitFor()
    expect(await checkoutPosts()).toBe(0)
    await screenshots('checkout-errors')
    await app.atSmallestWindow('checkout-errors')

    // The same request straight to the handler: the service itself refuses it with those words.
    const refused = await fixture.call('createCheckout', {
      checkout: {
        products: [{ name: 'Onboarding call', price: 99.5, quantity: 1 }],
        currency: 'EUR',
        customerEmail: 'ada@example',
        successUrl: 'https://shop.example.com/ok',
        cancelUrl: 'https://shop.example.com/cancel',
      },
    })
    expect(refused).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'bad-request',
        details: ['products.0.price must be an integer number', 'customerEmail must be an email'],
      }) as unknown,
    })

    // A service-side 400 in the screen: the next send is altered on its way out (as if the
    // service had a rule the form does not know), and the service's answer lands by its field.
    await fill(page, 'Customer e-mail', 'ada@example.com')
    await fill(page, 'Product 2 unit price', '9900')
    await fill(page, 'Success URL', 'https://shop.example.com/ok')
    await page.evaluate(() => {
      type Invoke = (name: string, payload: unknown) => Promise<unknown>
      const host = globalThis as unknown as { __paymentsDeskInvoke: Invoke }
      const original = host.__paymentsDeskInvoke
      host.__paymentsDeskInvoke = (name, payload) => {
        if (name !== 'createCheckout') return original(name, payload)
        host.__paymentsDeskInvoke = original
        const request = payload as { checkout: { products: { price: number }[] } }
        const products = request.checkout.products.map((product, index) => (index === 1 ? { ...product, price: 99.5 } : product))
        return original(name, { ...request, checkout: { ...request.checkout, products } })
      }
    })
    await createButton(page).click()
    await page.getByTestId('checkout-error').getByText('The service refused this checkout').waitFor()
    await page.getByText('Service: products.1.price must be an integer number', { exact: true }).waitFor()
    expect(await page.getByLabel('Product 2 unit price', { exact: true }).getAttribute('aria-invalid')).toBe('true')
    await page.evaluate('window.scrollTo(0, 0)')
    await app.screenshot('checkout-service-400')

    // Now as typed: created, with the link, the echoed amount and the lines as returned.
    await createButton(page).click()
    const link = page.getByTestId('checkout-url')
    await link.waitFor()
    const url = (await link.textContent()) ?? ''
    expect(url).toMatch(new RegExp(`^${fixture.sandbox.baseUrl}/checkout/pay_[A-Za-z0-9]{22}$`))
    expect(await page.getByTestId('checkout-amount').textContent()).toBe('15900 EUR')
    expect(await page.getByText('€159.00 assuming minor units, as the local sandbox does.').count()).toBe(1)
    expect(await page.getByTestId('echoed-products').getByRole('row').nth(2).textContent()).toBe('Onboarding call99001')
    await page.getByRole('button', { name: 'Copy checkout link' }).waitFor()
    await screenshots('checkout-created')
    await app.atSmallestWindow('checkout-created')

    const id = (await page.getByTestId('checkout-payment-id').textContent()) ?? ''
    expect(url.endsWith(id)).toBe(true)
    // The link goes to the customer as copied, character for character.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.getByRole('button', { name: 'Copy checkout link' }).click()
    await expect.poll(() => page.evaluate<string>('navigator.clipboard.readText()')).toBe(url)
    const stored = await fixture.ok('getPayment', { id })
    expect(stored.payment).toMatchObject({ amount: 15_900, currency: 'EUR', customerEmail: 'ada@example.com' })

    // One click looks it up on the Payments screen.
    await page.getByRole('button', { name: 'Open in Payments' }).click()
    await expect.poll(async () => (await requestLog()).filter((entry) => entry.method === 'GET' && entry.path.endsWith(id)).length).toBe(2)
    await page.getByText(id).first().waitFor()
  })

  it('warns when the outcome is unknown and sends nothing again by itself', async () => {
    const { page, fixture } = app
    await openCheckout(page)
    const newCheckout = page.getByRole('button', { name: 'New checkout' })
    if ((await newCheckout.count()) > 0) await newCheckout.click()
    await fillGoodOrder(page)
    expect((await call(fixture.sandbox, 'PUT', '/sandbox/faults', { body: { errorRate: 1 } })).status).toBe(200)
    try {
      await createButton(page).click()
      const warning = page.getByTestId('checkout-error')
      await warning.getByText('The payment may have been created').waitFor()
      expect(await createButton(page).isDisabled()).toBe(true)
      const state = (await call(fixture.sandbox, 'GET', '/sandbox/state')).json as { stats: { faults: { error: number } } }
      expect(state.stats.faults.error).toBe(1)
      const posts = (await requestLog()).filter((entry) => entry.method === 'POST' && entry.status === 500)
      expect(posts).toHaveLength(1)
      await page.evaluate('window.scrollTo(0, 0)')
      await app.screenshot('checkout-outcome-unknown')
      await page.getByRole('checkbox', { name: 'I have checked: no payment was created' }).check()
      expect(await createButton(page).isEnabled()).toBe(true)
    } finally {
      await call(fixture.sandbox, 'PUT', '/sandbox/faults', { body: { errorRate: 0 } })
    }
  })
})

describe('Checkout in Production: main asks in its own dialog', () => {
  const prodKey = 'service_prod_e2e_confirm_0123456789abcdef'
  let prod: AppPage

  beforeAll(async () => {
    // The sandbox stands in for the live service, with a key of the production shape.
    prod = await openApp(browser, { sandbox: { apiKey: prodKey } })
    await prod.fixture.ok('updateSettings', { baseUrl: { environment: 'production', url: prod.fixture.sandbox.baseUrl } })
    await prod.fixture.ok('setKey', { environment: 'production', key: prodKey })
    await prod.fixture.ok('updateSettings', { activeEnvironment: 'production' })
    await prod.page.reload()
    await waitForApp(prod.page)
  })
  afterAll(async () => {
    await prod.close()
  })

  it('sends nothing when the dialog is cancelled, and creates the payment once when it is confirmed', async () => {
    const { page, fixture, confirm } = prod
    const posts = async () =>
      (await fixture.ok('getRequestLog', {})).filter((entry) => entry.method === 'POST' && entry.path === '/api/checkout/payment').length
    await openCheckout(page)
    await fillGoodOrder(page)
    const button = page.getByRole('button', { name: 'Create payment in Production' })

    confirm.answer = false
    await button.click()
    await page.getByTestId('checkout-error').getByText('Not created: cancelled in the confirmation dialog').waitFor()
    expect(confirm.asked).toHaveLength(1)
    expect(confirm.asked[0]?.summary).toContain('ada@example.com')
    expect(await posts()).toBe(0)
    expect(await page.getByRole('dialog').count()).toBe(0)

    confirm.answer = true
    await button.click()
    await page.getByTestId('checkout-result').waitFor()
    expect(confirm.asked).toHaveLength(2)
    expect(await posts()).toBe(1)
  })
})
