import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
import { apiClient, type ApiClient } from '../helpers/sandbox-client'

// Written out from section 7.4 of the API document, not imported from the sandbox, so the
// seed is pinned to the spec rather than to itself.
const specErrorCodes = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'invalid_cvc',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'invalid_number',
  'processing_error',
  'generic_decline',
  'do_not_honor',
  'lost_card',
  'stolen_card',
  'restricted_card',
  'authentication_required',
  'withdrawal_count_limit_exceeded',
]

const isoMillisUtc = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

interface SeedPayment {
  id: string
  status: string
  amount: number
  currency: string
  customerEmail: string
  createdAt: string
  lastDepositAttempt: { status: string; amount: number; paymentMethod: string; error: string | null; attemptedAt: string } | null
}

let sandbox: RunningSandbox
let api: ApiClient

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: { rate: 0 } })
  api = apiClient(sandbox)
})
afterAll(() => sandbox.close())

async function payment(id: string): Promise<SeedPayment> {
  const reply = await api.get(`/api/payment/${id}`)
  expect(reply.status, `${id}: ${reply.text}`).toBe(200)
  return reply.json as SeedPayment
}

describe('seed data with stable IDs', () => {
  it('has all 17 codes of the spec', () => {
    expect(new Set(specErrorCodes).size).toBe(17)
  })

  it.each(specErrorCodes)('pay_seed_%s is a failed payment with that error code', async (code) => {
    const seeded = await payment(`pay_seed_${code}`)
    expect(seeded.status).toBe('failed')
    expect(seeded.lastDepositAttempt).toMatchObject({ status: 'failed', error: code, paymentMethod: 'CARD', amount: seeded.amount })
    expect(seeded.lastDepositAttempt?.attemptedAt).toMatch(isoMillisUtc)
    expect(seeded.createdAt).toMatch(isoMillisUtc)
    expect(Date.parse(seeded.createdAt)).toBeLessThan(Date.parse(seeded.lastDepositAttempt?.attemptedAt ?? ''))
    expect(['EUR', 'USD']).toContain(seeded.currency)
    expect(seeded.amount).toBeGreaterThan(0)
  })

  it.each(['pay_seed_settled_1', 'pay_seed_settled_2', 'pay_seed_settled_3'])('%s is settled, with no error', async (id) => {
    const seeded = await payment(id)
    expect(seeded.status).toBe('settled')
    expect(seeded.lastDepositAttempt).toMatchObject({ status: 'succeeded', error: null, amount: seeded.amount })
    expect(seeded.lastDepositAttempt?.attemptedAt).toMatch(isoMillisUtc)
  })

  it.each(['pay_seed_pending_1', 'pay_seed_pending_2'])('%s is pending with no attempt yet', async (id) => {
    const seeded = await payment(id)
    expect(seeded.status).toBe('pending')
    expect(seeded.lastDepositAttempt).toBeNull()
  })

  it("lists exactly those 22 payments and the second merchant's 2 through the admin API, and nothing else", async () => {
    const reply = await api.get('/sandbox/payments')
    const ids = (reply.json as SeedPayment[]).map((p) => p.id).sort()
    const expected = [
      ...specErrorCodes.map((code) => `pay_seed_${code}`),
      'pay_seed_settled_1',
      'pay_seed_settled_2',
      'pay_seed_settled_3',
      'pay_seed_pending_1',
      'pay_seed_pending_2',
      'pay_second_shop_expired_card',
      'pay_second_shop_settled_1',
    ].sort()
    expect(ids).toEqual(expected)
  })

  it('seeds the same IDs in every sandbox', async () => {
    const other = await startSandbox({ rateLimit: { rate: 0 } })
    try {
      const reply = await apiClient(other).get('/api/payment/pay_seed_stolen_card')
      expect(reply.json).toMatchObject({ id: 'pay_seed_stolen_card', lastDepositAttempt: { error: 'stolen_card' } })
    } finally {
      await other.close()
    }
  })
})
