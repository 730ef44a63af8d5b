import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
import { apiClient, expectError, type ApiClient } from '../helpers/sandbox-client'

let sandbox: RunningSandbox
let api: ApiClient

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: { rate: 0 } })
  api = apiClient(sandbox)
})
afterAll(() => sandbox.close())

const validOrder = {
  products: [
    { name: 'Team seat', price: 1500, quantity: 4 },
    { name: 'Onboarding call', price: 9900, quantity: 1 },
  ],
  currency: 'EUR',
  customerEmail: 'ada@example.com',
  successUrl: 'https://shop.example.com/ok',
  cancelUrl: 'https://shop.example.com/cancel',
}

const isoMillisUtc = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

async function messagesFor(body: Record<string, unknown>): Promise<unknown> {
  const reply = await api.post('/api/checkout/payment', body)
  expectError(reply, 400)
  return (reply.json as { message: unknown }).message
}

function withProduct(product: unknown): Record<string, unknown> {
  return { ...validOrder, products: [product] }
}

describe('POST /api/checkout/payment: the messages of the spec, word for word', () => {
  it.each(['GBP', 'eur', '', 42, null])('currency %j: currency must be one of the following values: EUR, USD', async (currency) => {
    expect(await messagesFor({ ...validOrder, currency })).toEqual(['currency must be one of the following values: EUR, USD'])
  })

  it('products []: products should not be empty', async () => {
    expect(await messagesFor({ ...validOrder, products: [] })).toEqual(['products should not be empty'])
  })

  it.each(['not-an-email', 'ada@', '@example.com', 'ada@example', 'ada example@example.com', 'ada@@example.com', 7])(
    'customerEmail %j: customerEmail must be an email',
    async (customerEmail) => {
      expect(await messagesFor({ ...validOrder, customerEmail })).toEqual(['customerEmail must be an email'])
    },
  )
})

// Every other message of the spec's rules is class-validator's, compared body by body with
// NestJS's ValidationPipe in validation-pipe.test.ts. Here: the sandbox's own limits, which
// apply only to a body the spec's rules accept, in class-validator's words too.
describe("POST /api/checkout/payment: the sandbox's own limits", () => {
  it('more than 100 products', async () => {
    const products = Array.from({ length: 101 }, () => ({ name: 'Sticker', price: 1, quantity: 1 }))
    expect(await messagesFor({ ...validOrder, products })).toEqual(['products must contain no more than 100 elements'])
  })

  it.each([
    ['name empty', { name: '', price: 100, quantity: 1 }, ['products.0.name should not be empty']],
    ['price negative', { name: 'Seat', price: -1, quantity: 1 }, ['products.0.price must not be less than 0']],
    ['price too large', { name: 'Seat', price: 100_000_001, quantity: 1 }, ['products.0.price must not be greater than 100000000']],
    ['quantity zero', { name: 'Seat', price: 100, quantity: 0 }, ['products.0.quantity must be a positive number']],
    ['quantity negative', { name: 'Seat', price: 100, quantity: -2 }, ['products.0.quantity must be a positive number']],
    ['quantity too large', { name: 'Seat', price: 100, quantity: 10_001 }, ['products.0.quantity must not be greater than 10000']],
  ])('a product with %s', async (_name, product, messages) => {
    expect(await messagesFor(withProduct(product))).toEqual(messages)
  })

  it('names the index of the product at fault', async () => {
    const products = [validOrder.products[0], { name: 'Seat', price: 1.5, quantity: 1 }, { name: 'Pen', price: 1, quantity: 'x' }]
    expect(await messagesFor({ ...validOrder, products })).toEqual([
      'products.1.price must be an integer number',
      'products.2.quantity must be an integer number',
    ])
  })

  it("checks its own limits only once the spec's rules pass", async () => {
    const messages = await messagesFor({
      products: [{ name: '', price: 1.5, quantity: 0 }],
      currency: 'GBP',
      customerEmail: 'nope',
      successUrl: 'nope',
      cancelUrl: 'nope',
    })
    expect(messages).toEqual([
      'products.0.price must be an integer number',
      'currency must be one of the following values: EUR, USD',
      'customerEmail must be an email',
      'successUrl must be a URL address',
      'cancelUrl must be a URL address',
    ])
  })

  it('an empty object lists every required field', async () => {
    const messages = (await messagesFor({})) as string[]
    for (const field of ['products', 'currency', 'customerEmail', 'successUrl', 'cancelUrl']) {
      expect(
        messages.some((message) => message.startsWith(`${field} `)),
        field,
      ).toBe(true)
    }
  })

  it('a body that is not JSON is 400 with a clear message', async () => {
    const reply = await api.post('/api/checkout/payment', undefined, {
      rawBody: 'products=1&currency=EUR',
      headers: { 'content-type': 'application/json' },
    })
    expectError(reply, 400, 'Request body is not valid JSON')
  })
})

describe('POST /api/checkout/payment: success', () => {
  it('answers 201 with the payment record, which GET then returns', async () => {
    const before = Date.now()
    const created = await api.post('/api/checkout/payment', validOrder)
    expect(created.status, created.text).toBe(201)
    expect(created.headers.get('content-type')).toMatch(/^application\/json/)
    const payment = created.json as Record<string, unknown>
    expect(payment).toMatchObject({
      status: 'pending',
      amount: 1500 * 4 + 9900,
      currency: 'EUR',
      customerEmail: 'ada@example.com',
      products: validOrder.products,
      lastDepositAttempt: null,
    })
    expect(payment.id).toMatch(/^pay_[A-Za-z0-9]{22}$/)
    expect(payment.checkoutUrl).toBe(`${sandbox.baseUrl}/checkout/${String(payment.id)}`)
    expect(payment.createdAt).toMatch(isoMillisUtc)
    expect(Date.parse(String(payment.createdAt))).toBeGreaterThanOrEqual(before - 1)

    const fetched = await api.get(`/api/payment/${String(payment.id)}`)
    expect(fetched.status).toBe(200)
    expect(fetched.json).toEqual(payment)
  })

  it('gives every payment its own ID', async () => {
    const ids = new Set<unknown>()
    for (let i = 0; i < 5; i++) ids.add(((await api.post('/api/checkout/payment', validOrder)).json as { id: unknown }).id)
    expect(ids.size).toBe(5)
  })

  it('accepts USD, a price of 0 and http redirect URLs', async () => {
    const reply = await api.post('/api/checkout/payment', {
      ...validOrder,
      currency: 'USD',
      products: [{ name: 'Free sample', price: 0, quantity: 3 }],
      successUrl: 'http://shop.example.com:3000/ok',
    })
    expect(reply.status, reply.text).toBe(201)
    expect(reply.json).toMatchObject({ currency: 'USD', amount: 0 })
  })

  it('keeps only the documented product fields', async () => {
    const reply = await api.post('/api/checkout/payment', withProduct({ name: 'Seat', price: 100, quantity: 2, discount: 50 }))
    expect(reply.status).toBe(201)
    expect((reply.json as { products: unknown }).products).toEqual([{ name: 'Seat', price: 100, quantity: 2 }])
  })
})
