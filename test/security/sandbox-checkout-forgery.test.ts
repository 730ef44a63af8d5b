import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
import { rawRequest, type RawReply } from '../helpers/raw-http'
import { apiClient, type ApiClient } from '../helpers/sandbox-client'

// Audit item 10: the hosted checkout page needs no key (the customer opens it), so a web
// page open in the same browser could settle or fail sandbox payments with a cross-site
// form POST, or read the page and post back through DNS rebinding. Each attack is made
// over raw HTTP exactly as the browser would send it, and must leave the payment as it was.

let sandbox: RunningSandbox
let api: ApiClient
let port: string

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: { rate: 0 } })
  api = apiClient(sandbox)
  port = new URL(sandbox.baseUrl).port
})
afterAll(() => sandbox.close())

async function createPayment(): Promise<{ id: string; path: string }> {
  const reply = await api.post('/api/checkout/payment', {
    products: [{ name: 'Team seat', price: 1500, quantity: 4 }],
    currency: 'EUR',
    customerEmail: 'ada@example.com',
    successUrl: 'https://shop.example.com/ok',
    cancelUrl: 'https://shop.example.com/cancel',
  })
  const { id, checkoutUrl } = reply.json as { id: string; checkoutUrl: string }
  return { id, path: new URL(checkoutUrl).pathname }
}

/** The token the page embeds in its form; '' when it has none. */
function tokenIn(html: string): string {
  return /name="token" value="([^"]+)"/.exec(html)?.[1] ?? ''
}

function getPage(path: string, headers: Record<string, string> = {}): Promise<RawReply> {
  return rawRequest(sandbox.baseUrl, { path, headers: { host: `127.0.0.1:${port}`, ...headers } })
}

async function pageToken(path: string): Promise<string> {
  const page = await getPage(path)
  expect(page.status).toBe(200)
  return tokenIn(page.text)
}

/** A form POST as a browser sends it; `headers` override the same-origin defaults. */
function postForm(path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<RawReply> {
  return rawRequest(sandbox.baseUrl, {
    method: 'POST',
    path,
    headers: {
      host: `127.0.0.1:${port}`,
      origin: `http://127.0.0.1:${port}`,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    body: new URLSearchParams(form).toString(),
  })
}

async function expectUnchanged(id: string): Promise<void> {
  expect((await api.get(`/api/payment/${id}`)).json).toMatchObject({ status: 'pending', lastDepositAttempt: null })
}

describe('the hosted checkout page refuses forged submissions', () => {
  it('a cross-site form POST with no token (any page in the browser) changes nothing', async () => {
    const { id, path } = await createPayment()
    const answer = await postForm(path, { outcome: 'settle' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })
    expect(answer.status).toBe(403)
    await expectUnchanged(id)
  })

  it('a POST without a token, even from the page own origin, changes nothing', async () => {
    const { id, path } = await createPayment()
    expect((await postForm(path, { outcome: 'settle' })).status).toBe(403)
    expect((await postForm(path, { outcome: 'card_declined' })).status).toBe(403)
    await expectUnchanged(id)
  })

  it('a wrong, forged or truncated token changes nothing', async () => {
    const { id, path } = await createPayment()
    const token = await pageToken(path)
    expect(token).not.toBe('')
    const forged = [`${token}x`, token.slice(0, -1), token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), 'x'.repeat(token.length), '']
    for (const wrong of forged) expect((await postForm(path, { outcome: 'settle', token: wrong })).status).toBe(403)
    await expectUnchanged(id)
  })

  it("a token from another checkout's page changes nothing", async () => {
    const victim = await createPayment()
    const attacker = await createPayment()
    const token = await pageToken(attacker.path)
    expect((await postForm(victim.path, { outcome: 'settle', token })).status).toBe(403)
    await expectUnchanged(victim.id)
  })

  it('a cross-site POST carrying a valid token is still refused (Origin and Sec-Fetch-Site)', async () => {
    const { id, path } = await createPayment()
    const token = await pageToken(path)
    expect(
      (await postForm(path, { outcome: 'settle', token }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status,
    ).toBe(403)
    expect((await postForm(path, { outcome: 'settle', token }, { origin: 'null' })).status).toBe(403)
    expect((await postForm(path, { outcome: 'settle', token }, { 'sec-fetch-site': 'same-site' })).status).toBe(403)
    await expectUnchanged(id)
  })

  it('DNS rebinding: a foreign Host gets neither the page (its token) nor a state change', async () => {
    const { id, path } = await createPayment()
    const rebound = { host: `attacker.example:${port}`, origin: `http://attacker.example:${port}` }
    const page = await getPage(path, rebound)
    expect(page.status).toBe(403)
    expect(tokenIn(page.text)).toBe('')
    const token = await pageToken(path)
    expect((await postForm(path, { outcome: 'settle', token }, rebound)).status).toBe(403)
    // The right name on another port is another origin too.
    expect((await postForm(path, { outcome: 'settle', token }, { host: '127.0.0.1:1' })).status).toBe(403)
    await expectUnchanged(id)
  })

  it('the page cannot be framed by another site (no clickjacked Submit)', async () => {
    const { path } = await createPayment()
    const page = await getPage(path)
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(page.headers['x-frame-options']).toBe('DENY')
    expect(page.headers['cache-control']).toBe('no-store')
  })

  it('the real flow still works: the page, then a POST with its own token', async () => {
    const { id, path } = await createPayment()
    const declined = await postForm(path, { outcome: 'insufficient_funds', token: await pageToken(path) })
    expect(declined.status).toBe(200)
    expect((await api.get(`/api/payment/${id}`)).json).toMatchObject({
      status: 'failed',
      lastDepositAttempt: { error: 'insufficient_funds' },
    })
    // The declined page carries a fresh token for the retry.
    const settled = await postForm(path, { outcome: 'settle', token: tokenIn(declined.text) })
    expect(settled.status).toBe(200)
    expect((await api.get(`/api/payment/${id}`)).json).toMatchObject({ status: 'settled' })
  })
})
