import { wordsFor } from '../../../src/shared/error-words'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../src/sandbox'
import { call } from '../../helpers/sandbox-client'
import { clientFor, expectNoKey, failureOf } from './client-fixture'

// The client against the real sandbox: answers that follow the spec's error body.

let sandbox: RunningSandbox

beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(async () => {
  await sandbox.close()
})
beforeEach(async () => {
  await call(sandbox, 'POST', '/sandbox/reset')
})

const validCheckout = {
  products: [{ name: 'Team seat', price: 1500, quantity: 2 }],
  currency: 'EUR',
  customerEmail: 'ada@example.com',
  successUrl: 'https://shop.example.com/ok',
  cancelUrl: 'https://shop.example.com/cancel',
}

describe('answers the service accepts', () => {
  it('returns the parsed payment of a GET', async () => {
    const { client, connectionsAsked } = clientFor(sandbox)
    const payment = (await client.send({
      method: 'GET',
      path: '/api/payment/pay_seed_card_declined',
      priority: 'interactive',
      environment: 'local',
    })) as {
      id: string
      lastDepositAttempt: { error: string }
    }
    expect(payment.id).toBe('pay_seed_card_declined')
    expect(payment.lastDepositAttempt.error).toBe('card_declined')
    expect(connectionsAsked).toEqual(['local'])
  })

  it('sends a POST body as JSON and returns what the service created', async () => {
    const { client } = clientFor(sandbox)
    const created = (await client.send({
      method: 'POST',
      path: '/api/checkout/payment',
      body: validCheckout,
      priority: 'interactive',
    })) as {
      id: string
      amount: number
    }
    expect(created.amount).toBe(3000)
    const fetched = (await client.send({
      method: 'GET',
      path: `/api/payment/${encodeURIComponent(created.id)}`,
      priority: 'interactive',
    })) as {
      customerEmail: string
    }
    expect(fetched.customerEmail).toBe('ada@example.com')
  })
})

describe("the service's error body", () => {
  it('401: tells the user to check the key in Settings, and does not retry', async () => {
    const wrongKey = 'service_prod_wrong_key_7f3a9c'
    const { client, log } = clientFor({ baseUrl: sandbox.baseUrl, apiKey: wrongKey })
    const error = await failureOf(client.send({ method: 'GET', path: '/api/payment/pay_seed_settled_1', priority: 'interactive' }))
    expect(error.code).toBe('unauthorized')
    expect(wordsFor(error.code).action).toContain('Settings')
    expect(error.message).toContain('Invalid API key')
    expect(log.snapshot()).toHaveLength(1)
    expectNoKey(wrongKey, error, log.snapshot())
  })

  it("401 for a public key: passes on the service's explanation", async () => {
    const { client } = clientFor({ baseUrl: sandbox.baseUrl, apiKey: 'service_pub_prod_abc123' })
    const error = await failureOf(client.send({ method: 'GET', path: '/api/payment/pay_seed_settled_1', priority: 'interactive' }))
    expect(error.code).toBe('unauthorized')
    expect(error.message).toMatch(/public key/i)
    expect(wordsFor(error.code).action).toContain('Settings')
  })

  it("404: 'not-found' with the service's message, not retried", async () => {
    const { client, log } = clientFor(sandbox)
    const error = await failureOf(client.send({ method: 'GET', path: '/api/payment/pay_does_not_exist', priority: 'interactive' }))
    expect(error.code).toBe('not-found')
    expect(error.message).toBe('Payment pay_does_not_exist not found')
    expect(log.snapshot().map((e) => [e.status, e.errorCode])).toEqual([[404, 'not-found']])
  })

  it("400: 'bad-request' carrying the service's messages, one per violation", async () => {
    const { client, log } = clientFor(sandbox)
    const body = { ...validCheckout, products: [], currency: 'GBP', customerEmail: 'not-an-email' }
    const error = await failureOf(client.send({ method: 'POST', path: '/api/checkout/payment', body, priority: 'interactive' }))
    expect(error.code).toBe('bad-request')
    expect(error.details).toEqual(
      expect.arrayContaining([
        'currency must be one of the following values: EUR, USD',
        'products should not be empty',
        'customerEmail must be an email',
      ]),
    )
    for (const line of error.details ?? []) expect(error.message).toContain(line)
    expect(error.toShape().details).toEqual(error.details)
    expect(log.snapshot().map((e) => [e.status, e.errorCode])).toEqual([[400, 'bad-request']])
  })

  it('400 for a malformed ID: the message says what is wrong with it', async () => {
    const { client } = clientFor(sandbox)
    const error = await failureOf(
      client.send({ method: 'GET', path: `/api/payment/${encodeURIComponent('pay/../x')}`, priority: 'interactive' }),
    )
    expect(error.code).toBe('bad-request')
    expect(error.details?.length).toBe(1)
    expect(error.message).toBe(error.details?.[0])
  })

  it('an unknown route is a 404 the user can read, never a crash', async () => {
    const { client } = clientFor(sandbox)
    const error = await failureOf(client.send({ method: 'GET', path: '/api/no-such-thing', priority: 'interactive' }))
    expect(error.code).toBe('not-found')
    expect(error.message).toContain('/api/no-such-thing')
  })
})
