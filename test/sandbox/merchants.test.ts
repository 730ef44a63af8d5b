import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, seedIds, type RunningSandbox } from '../../src/sandbox'

// The sandbox serves two merchants, each with its own key, its own payments and its own limit,
// as the service does for two merchant accounts: what one key sees, the other does not.

let sandbox: RunningSandbox

beforeEach(async () => {
  sandbox = await startSandbox({ rateLimit: { rate: 1, burst: 3 } })
})
afterEach(async () => {
  await sandbox.close()
})

function get(path: string, key: string): Promise<Response> {
  return fetch(`${sandbox.baseUrl}${path}`, { headers: { 'X-Service-Api-Key': key } })
}

const main = (): string => sandbox.merchants[0]?.apiKey ?? ''
const second = (): string => sandbox.merchants[1]?.apiKey ?? ''

describe('two merchants on one sandbox', () => {
  it('names both merchants with distinct keys, the first being the one apiKey names', () => {
    expect(sandbox.merchants.map((m) => [m.id, m.name])).toEqual([
      ['default', 'Default'],
      ['second-shop', 'Second shop'],
    ])
    expect(main()).toBe(sandbox.apiKey)
    expect(second()).not.toBe(main())
  })

  it("shows each merchant its own payments only: another merchant's is a 404", async () => {
    expect((await get(`/api/payment/${seedIds.secondShop.settled}`, second())).status).toBe(200)
    expect((await get(`/api/payment/${seedIds.secondShop.settled}`, main())).status).toBe(404)
    expect((await get('/api/payment/pay_seed_card_declined', main())).status).toBe(200)
    expect((await get('/api/payment/pay_seed_card_declined', second())).status).toBe(404)
  })

  it('gives a payment created with a key to that merchant alone', async () => {
    const created = await fetch(`${sandbox.baseUrl}/api/checkout/payment`, {
      method: 'POST',
      headers: { 'X-Service-Api-Key': second(), 'Content-Type': 'application/json' },
      body: JSON.stringify({
        products: [{ name: 'Mug', price: 1_200, quantity: 1 }],
        currency: 'EUR',
        customerEmail: 'ada@example.com',
        successUrl: 'https://shop.example.com/ok',
        cancelUrl: 'https://shop.example.com/cancel',
      }),
    })
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }
    expect((await get(`/api/payment/${id}`, second())).status).toBe(200)
    expect((await get(`/api/payment/${id}`, main())).status).toBe(404)
  })

  it('limits each key on its own: one merchant spending its burst leaves the other untouched', async () => {
    const first = []
    for (let i = 0; i < 4; i++) first.push((await get('/api/payment/pay_seed_card_declined', main())).status)
    expect(first.at(-1)).toBe(429)
    expect((await get(`/api/payment/${seedIds.secondShop.failed}`, second())).status).toBe(200)
  })

  it('refuses a key that is neither merchant’s', async () => {
    expect((await get('/api/payment/pay_seed_card_declined', `${main()}x`)).status).toBe(401)
  })
})
