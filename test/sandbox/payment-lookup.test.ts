import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
import { rawRequest } from '../helpers/raw-http'
import { apiClient, expectError, expectErrorBody, type ApiClient } from '../helpers/sandbox-client'

let sandbox: RunningSandbox
let api: ApiClient

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: { rate: 0 } })
  api = apiClient(sandbox)
})
afterAll(() => sandbox.close())

const isoMillisUtc = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

describe('GET /api/payment/{id}', () => {
  it('returns a failed payment with its last deposit attempt', async () => {
    const reply = await api.get('/api/payment/pay_seed_insufficient_funds')
    expect(reply.status).toBe(200)
    const payment = reply.json as { id: string; status: string; amount: number; lastDepositAttempt: Record<string, unknown> }
    expect(payment.id).toBe('pay_seed_insufficient_funds')
    expect(payment.status).toBe('failed')
    expect(Object.keys(payment.lastDepositAttempt).sort()).toEqual(['amount', 'attemptedAt', 'error', 'paymentMethod', 'status'])
    expect(payment.lastDepositAttempt).toMatchObject({
      status: 'failed',
      amount: payment.amount,
      paymentMethod: 'CARD',
      error: 'insufficient_funds',
    })
    expect(payment.lastDepositAttempt.attemptedAt).toMatch(isoMillisUtc)
    expect(Date.parse(String(payment.lastDepositAttempt.attemptedAt))).toBeLessThanOrEqual(Date.now())
  })

  it('answers an unknown ID with 404 naming it', async () => {
    expectError(await api.get('/api/payment/pay_does_not_exist'), 404, 'Payment pay_does_not_exist not found')
  })

  it('ignores a query string', async () => {
    const reply = await api.get('/api/payment/pay_seed_card_declined?expand=everything')
    expect(reply.status).toBe(200)
    expect(reply.json).toMatchObject({ id: 'pay_seed_card_declined' })
  })

  it('is case-sensitive about IDs', async () => {
    expectError(await api.get('/api/payment/PAY_SEED_CARD_DECLINED'), 404)
  })
})

describe('GET /api/payment/{id} with IDs that are not IDs: 400 or 404, never 500', () => {
  // Sent over node:http exactly as written: fetch would resolve `..` and re-encode the rest.
  const cases: [string, string, number, string | string[]][] = [
    ['a dot-dot segment', '/api/payment/..', 400, ['id must contain only letters, digits, "_" and "-"']],
    ['an encoded dot-dot', '/api/payment/%2e%2e', 400, ['id must contain only letters, digits, "_" and "-"']],
    [
      'dot-dot then a real ID',
      '/api/payment/../payment/pay_seed_card_declined',
      404,
      'Cannot GET /api/payment/../payment/pay_seed_card_declined',
    ],
    ['an encoded slash', '/api/payment/..%2Fpay_seed_card_declined', 400, ['id must contain only letters, digits, "_" and "-"']],
    ['an encoded slash alone', '/api/payment/%2F', 400, ['id must contain only letters, digits, "_" and "-"']],
    ['an encoded NUL', '/api/payment/pay_seed_card_declined%00', 400, ['id must contain only letters, digits, "_" and "-"']],
    ['an encoded space', '/api/payment/pay_seed_card_declined%20', 400, ['id must contain only letters, digits, "_" and "-"']],
    ['a lone percent sign', '/api/payment/%', 400, ['id is not valid percent-encoding']],
    ['a cut-off UTF-8 sequence', '/api/payment/%E0%A4%A', 400, ['id is not valid percent-encoding']],
    ['invalid hex', '/api/payment/%zz', 400, ['id is not valid percent-encoding']],
    ['an empty ID', '/api/payment/', 400, ['id should not be empty']],
    ['a trailing slash', '/api/payment/pay_seed_card_declined/', 404, 'Cannot GET /api/payment/pay_seed_card_declined/'],
    ['a doubled slash', '//api/payment/pay_seed_card_declined', 404, 'Cannot GET //api/payment/pay_seed_card_declined'],
    ['unicode', '/api/payment/pay_%C3%A9', 400, ['id must contain only letters, digits, "_" and "-"']],
    ['an ID of 129 characters', `/api/payment/${'a'.repeat(129)}`, 400, ['id must be shorter than or equal to 128 characters']],
    ['an ID of 10000 characters', `/api/payment/${'a'.repeat(10_000)}`, 400, ['id must be shorter than or equal to 128 characters']],
  ]

  it.each(cases)('%s', async (_name, path, status, message) => {
    const reply = await rawRequest(sandbox.baseUrl, { path, headers: { 'x-service-api-key': sandbox.apiKey } })
    expectErrorBody({ status: reply.status, text: reply.text, contentType: reply.headers['content-type'] }, status, message)
  })

  it('looks up an ID of exactly 128 characters (and finds nothing)', async () => {
    expectError(await api.get(`/api/payment/${'a'.repeat(128)}`), 404, `Payment ${'a'.repeat(128)} not found`)
  })

  it('finds a real ID that was percent-encoded', async () => {
    const reply = await rawRequest(sandbox.baseUrl, {
      path: '/api/payment/pay%5Fseed%5Fcard%5Fdeclined',
      headers: { 'x-service-api-key': sandbox.apiKey },
    })
    expect(reply.status).toBe(200)
    expect(JSON.parse(reply.text)).toMatchObject({ id: 'pay_seed_card_declined' })
  })
})
