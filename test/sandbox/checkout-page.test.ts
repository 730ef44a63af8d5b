import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
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

function submit(url: string, outcome: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome }).toString(),
  })
}

describe('the hosted checkout page', () => {
  it('shows the amount and lines without a key', async () => {
    const { checkoutUrl } = await createPayment()
    const page = await fetch(checkoutUrl)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await page.text()
    expect(html).toContain('Pay 60.00 EUR')
    expect(html).toContain('Team seat × 4: 15.00 EUR')
  })

  it('escapes what the merchant typed', async () => {
    const { checkoutUrl } = await createPayment('<script>alert(1)</script>')
    const html = await (await fetch(checkoutUrl)).text()
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).toContain('&#60;script&#62;')
  })

  it('settles on success and sends the customer to successUrl', async () => {
    const { id, checkoutUrl } = await createPayment()
    const answer = await submit(checkoutUrl, 'settle')
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe('https://shop.example.com/ok')
    expect((await api.get(`/api/payment/${id}`)).json).toMatchObject({ status: 'settled' })
  })

  it('declines with the chosen code and lets the customer try again', async () => {
    const { id, checkoutUrl } = await createPayment()
    const answer = await submit(checkoutUrl, 'insufficient_funds')
    expect(answer.status).toBe(200)
    expect(await answer.text()).toContain('The payment was declined (insufficient_funds)')
    expect((await api.get(`/api/payment/${id}`)).json).toMatchObject({ status: 'failed', lastDepositAttempt: { error: 'insufficient_funds' } })
    expect((await submit(checkoutUrl, 'settle')).status).toBe(303)
  })

  it('answers an unknown payment with a 404 page', async () => {
    const page = await fetch(`${sandbox.baseUrl}/checkout/pay_nope`)
    expect(page.status).toBe(404)
    expect(await page.text()).toContain('This checkout link does not exist.')
  })
})
