import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
import { rawRequest, type RawReply } from '../helpers/raw-http'
import { apiClient, type ApiClient } from '../helpers/sandbox-client'

// Audit item 15: the checkout page sent the browser on to successUrl by itself (a 303 from
// the sandbox's trusted loopback origin to any host), and the seed payments' pages sat at
// addresses anyone can guess from the README (/checkout/pay_seed_pending_1).

let sandbox: RunningSandbox
let api: ApiClient
let host: string

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: { rate: 0 } })
  api = apiClient(sandbox)
  host = new URL(sandbox.baseUrl).host
})
afterAll(() => sandbox.close())

async function createPayment(successUrl: string): Promise<{ id: string; path: string }> {
  const reply = await api.post('/api/checkout/payment', {
    products: [{ name: 'Team seat', price: 1500, quantity: 4 }],
    currency: 'EUR',
    customerEmail: 'ada@example.com',
    successUrl,
    cancelUrl: 'https://shop.example.com/cancel',
  })
  expect(reply.status, reply.text).toBe(201)
  const { id, checkoutUrl } = reply.json as { id: string; checkoutUrl: string }
  return { id, path: new URL(checkoutUrl).pathname }
}

async function pageToken(path: string): Promise<string> {
  const page = await rawRequest(sandbox.baseUrl, { path, headers: { host } })
  return /name="token" value="([^"]+)"/.exec(page.text)?.[1] ?? ''
}

async function payThroughPage(path: string, token?: string): Promise<RawReply> {
  return rawRequest(sandbox.baseUrl, {
    method: 'POST',
    path,
    headers: { host, origin: `http://${host}`, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome: 'settle', token: token ?? (await pageToken(path)) }).toString(),
  })
}

describe('after payment the page asks before leaving, and only for the URL the checkout was created with', () => {
  it('answers a settled payment with its own confirmation page, not a redirect', async () => {
    const { id, path } = await createPayment('http://shop.example.net/thanks?order=7')
    const answer = await payThroughPage(path)
    expect(answer.status).toBe(200)
    expect(answer.headers.location).toBeUndefined()
    expect(answer.headers['referrer-policy']).toBe('no-referrer')
    expect(answer.text).toContain('Payment received')
    // The customer follows the link themselves, and sees where it goes.
    expect(answer.text).toContain('href="http://shop.example.net/thanks?order=7"')
    expect(answer.text).toContain('shop.example.net')
    expect(answer.text).toContain('not encrypted')
    expect((await api.get(`/api/payment/${id}`)).json).toMatchObject({ status: 'settled' })
  })

  it('a paid checkout cannot be paid again through its page', async () => {
    const { id, path } = await createPayment('https://shop.example.com/ok')
    const token = await pageToken(path)
    expect((await payThroughPage(path, token)).status).toBe(200)
    const before = (await api.get(`/api/payment/${id}`)).json as { updatedAt: string }
    // The page of a paid checkout has no form, and replaying the earlier page's token finds it paid.
    expect(await pageToken(path)).toBe('')
    const again = await payThroughPage(path, token)
    expect(again.status).toBe(409)
    expect(again.headers.location).toBeUndefined()
    expect((await api.get(`/api/payment/${id}`)).json).toMatchObject({ status: 'settled', updatedAt: before.updatedAt })
  })
})

describe('checkout pages are not at guessable addresses', () => {
  it("a seed payment's page is not at /checkout/<its documented ID>", async () => {
    for (const id of ['pay_seed_pending_1', 'pay_seed_pending_2', 'pay_seed_card_declined']) {
      const page = await rawRequest(sandbox.baseUrl, { path: `/checkout/${id}`, headers: { host } })
      expect(page.status).toBe(404)
    }
    const seed = (await api.get('/api/payment/pay_seed_pending_1')).json as { checkoutUrl: string }
    expect(new URL(seed.checkoutUrl).pathname).toMatch(/^\/checkout\/cs_[A-Za-z0-9]{22}$/)
    expect((await rawRequest(sandbox.baseUrl, { path: new URL(seed.checkoutUrl).pathname, headers: { host } })).status).toBe(200)
  })

  it('generated IDs are 22 characters of 62, unbiased (no modulo bias toward the first characters)', async () => {
    const ids: string[] = []
    for (let i = 0; i < 1_000; i++) ids.push((await createPayment('https://shop.example.com/ok')).id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^pay_[A-Za-z0-9]{22}$/)
    // A random byte % 62 makes the first 8 characters of the alphabet 5/4 as likely as the
    // rest: of 22,000 characters ~3,438 instead of ~2,839 (sd ~50), so the line between
    // the two is 6 sd from each.
    const chars = ids.map((id) => id.slice(4)).join('')
    const firstEight = chars.replace(/[^0-7]/g, '').length
    expect(firstEight).toBeLessThan(3_138)
    expect(firstEight).toBeGreaterThan(2_540)
  })
})
