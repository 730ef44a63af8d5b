import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCoreFixture, type CoreFixture } from '../../helpers/app-core-fixture'
import { startHostileServer, type HostileServer } from '../../helpers/hostile-server'

// JSON that parses, with the service's field names, but a field of the wrong type: the
// services check what the spec documents, so it becomes a typed error the screen can
// show, never a half-read payment or a crash. Through the real dispatcher, as the
// renderer calls it, with the operator environment pointed at the hostile server.

const operatorKey = 'service_operator_wrongtypes_0123456789abcdef'

let fixture: CoreFixture
let hostile: HostileServer

beforeAll(async () => {
  hostile = await startHostileServer()
  fixture = await startCoreFixture()
  await fixture.ok('updateSettings', { baseUrl: { environment: 'operator', url: `${hostile.baseUrl}/wrong-service` } })
  await fixture.ok('setKey', { environment: 'operator', key: operatorKey })
  await fixture.ok('updateSettings', { activeEnvironment: 'operator' })
})
afterAll(async () => {
  await fixture.close()
  await hostile.close()
})

function expectNoKeyIn(value: unknown): void {
  expect(JSON.stringify(value)).not.toContain(operatorKey)
}

describe('a payment whose lastDepositAttempt.amount is a string', () => {
  it("a lookup ends in 'invalid-response' naming the field, and is not retried", async () => {
    const before = fixture.core.requestLog.snapshot().length
    const result = await fixture.call('getPayment', { id: 'pay_wrong_1' })
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'invalid-response',
        message:
          "The service's answer does not look like a payment: lastDepositAttempt.amount (invalid input: expected number, received string). Nothing was changed.",
      },
    })
    expectNoKeyIn(result)
    const attempts = fixture.core.requestLog.snapshot().slice(before)
    expect(attempts.map((entry) => [entry.method, entry.path, entry.status])).toEqual([['GET', '/api/payment/pay_wrong_1', 200]])
    // The key did reach the host it was configured for, and only as the header.
    expect(hostile.requests.at(-1)?.headers['x-service-api-key']).toBe(operatorKey)
  })

  it('the same lookup in a batch is one error result, and the batch goes on', async () => {
    const { id: jobId } = await fixture.ok('batchStart', { ids: ['pay_wrong_2', 'pay_wrong_3'], label: 'wrong types' })
    await expect
      .poll(async () => (await fixture.ok('batchList', {})).find((job) => job.id === jobId)?.status, { timeout: 10_000 })
      .toBe('completed')
    const results = await fixture.ok('batchResults', { jobId })
    // Results come in the order the lookups finished.
    expect(results.map((r) => [r.id, r.outcome, r.failure?.code]).sort()).toEqual([
      ['pay_wrong_2', 'error', 'invalid-response'],
      ['pay_wrong_3', 'error', 'invalid-response'],
    ])
    expectNoKeyIn(results)
  })
})

describe('a create the service accepted, answered with the wrong types', () => {
  it('a checkout warns that the payment was probably created instead of saying nothing changed', async () => {
    const result = await fixture.call('createCheckout', {
      checkout: {
        products: [{ name: 'Team seat', price: 1500, quantity: 2 }],
        currency: 'EUR',
        customerEmail: 'ada@example.com',
        successUrl: 'https://shop.example.com/ok',
        cancelUrl: 'https://shop.example.com/cancel',
      },
    })
    if (result.ok) throw new Error('the checkout should have failed')
    // The code the Checkout screen locks its button on until the user has checked.
    expect(result.error.code).toBe('outcome-unknown')
    expect(result.error.message).toContain('lastDepositAttempt.amount')
    expect(result.error.message).toContain('duplicate')
    expect(result.error.message).not.toContain('Nothing was changed')
    expectNoKeyIn(result)
    expect(hostile.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/api/checkout/payment'))).toHaveLength(1)
  })

  it("a webhook answered with a secret that is not a string: 'invalid-response', nothing stored", async () => {
    const result = await fixture.call('registerWebhook', { url: 'https://hooks.example.com/', connect: false })
    if (result.ok) throw new Error('the registration should have failed')
    expect(result.error.code).toBe('invalid-response')
    expect(result.error.message).toContain('no secret')
    expect(await fixture.ok('listWebhooks', {})).toEqual([])
  })
})
