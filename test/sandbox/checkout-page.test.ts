import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
import { rawRequest } from '../helpers/raw-http'
import { apiClient, type ApiClient } from '../helpers/sandbox-client'

// The page a payment's checkoutUrl opens: where a tester plays the customer.

let sandbox: RunningSandbox
let api: ApiClient

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: { rate: 0 } })
  api = apiClient(sandbox)
})
afterAll(() => sandbox.close())

async function createPayment(name = 'Team seat'): Promise<{ id: string; checkoutUrl: string }> {
  const reply = await api.post('/api/checkout/payment', {
    products: [{ name, price: 1500, quantity: 4 }],
    currency: 'EUR',
    customerEmail: 'ada@example.com',
    successUrl: 'https://shop.example.com/ok',
    cancelUrl: 'https://shop.example.com/cancel',
  })
  return reply.json as { id: string; checkoutUrl: string }
}

/** The form's token, from the page as a browser would load it (attacks: test/security/sandbox-checkout-*.test.ts). */
async function tokenOf(url: string): Promise<string> {
  const html = await (await fetch(url)).text()
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1]
  if (token === undefined) throw new Error('the page has no form token')
  return token
}

async function submit(url: string, outcome: string, token?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(url).origin },
    body: new URLSearchParams({ outcome, token: token ?? (await tokenOf(url)) }).toString(),
  })
}

describe('the hosted checkout page', () => {
  it('shows the amount and lines without a key', async () => {
    const { checkoutUrl } = await createPayment()
    const page = await fetch(checkoutUrl)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await page.text()
    expect(html).toContain('Pay €60.00')
    expect(html).toContain('Team seat × 4: €15.00')
  })

  it('escapes what the merchant typed', async () => {
    const { checkoutUrl } = await createPayment('<script>alert(1)</script>')
    const html = await (await fetch(checkoutUrl)).text()
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).toContain('&#60;script&#62;')
  })

  it('offers a way back to cancelUrl, followed by the customer, not redirected', async () => {
    const { checkoutUrl } = await createPayment()
    const html = await (await fetch(checkoutUrl)).text()
    expect(html).toContain('<a href="https://shop.example.com/cancel" rel="noreferrer">Cancel and return to shop.example.com</a>')
  })

  it('settles on success and links the customer on to successUrl', async () => {
    const { id, checkoutUrl } = await createPayment()
    const answer = await submit(checkoutUrl, 'settle')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('location')).toBeNull()
    expect(await answer.text()).toContain('<a href="https://shop.example.com/ok" rel="noreferrer">Continue to shop.example.com</a>')
    expect((await api.get(`/api/payment/${id}`)).json).toMatchObject({ status: 'settled' })
    expect(await (await fetch(checkoutUrl)).text()).toContain('This payment is complete.')
  })

  it('declines with the chosen code and lets the customer try again', async () => {
    const { id, checkoutUrl } = await createPayment()
    const answer = await submit(checkoutUrl, 'insufficient_funds')
    expect(answer.status).toBe(200)
    expect(await answer.text()).toContain('The payment was declined (insufficient_funds)')
    expect((await api.get(`/api/payment/${id}`)).json).toMatchObject({
      status: 'failed',
      lastDepositAttempt: { error: 'insufficient_funds' },
    })
    expect((await submit(checkoutUrl, 'settle')).status).toBe(200)
    expect((await api.get(`/api/payment/${id}`)).json).toMatchObject({ status: 'settled' })
  })

  it('answers at localhost too, on its own port', async () => {
    const { checkoutUrl } = await createPayment()
    const { port, pathname } = new URL(checkoutUrl)
    expect((await rawRequest(sandbox.baseUrl, { path: pathname, headers: { host: `localhost:${port}` } })).status).toBe(200)
  })

  it("gives a seed payment's page an ID of its own, since the payment's is documented", async () => {
    const seed = (await api.get('/api/payment/pay_seed_pending_2')).json as { checkoutUrl: string }
    expect(seed.checkoutUrl).toMatch(new RegExp(`^${sandbox.baseUrl}/checkout/cs_[A-Za-z0-9]{22}$`))
    expect((await submit(seed.checkoutUrl, 'settle')).status).toBe(200)
    expect((await api.get('/api/payment/pay_seed_pending_2')).json).toMatchObject({ status: 'settled' })
  })

  it('answers an unknown payment with a 404 page', async () => {
    const page = await fetch(`${sandbox.baseUrl}/checkout/pay_nope`)
    expect(page.status).toBe(404)
    expect(await page.text()).toContain('This checkout link does not exist.')
  })
})
