import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ProductionWrite } from '../../src/main/services/production-guard'
import { startCoreFixture, type CoreFixture } from '../helpers/app-core-fixture'
import { startRecordingServer, type RecordingServer } from '../helpers/hostile-server'
import { waitFor } from '../helpers/wait-for'

// The user confirms a Production write for one account; while the native dialog is open, a
// payments-desk:// link (from a mail, a chat, a web page) switches the account in use. The
// write must not go out with the other account's key.

const defaultKey = 'service_prod_default_account_0123456789'
const otherKey = 'service_prod_shop_two_account_987654321'

const writes = {
  createCheckout: {
    checkout: {
      products: [{ name: 'Onboarding call', price: 12_000, quantity: 1 }],
      currency: 'EUR',
      customerEmail: 'ada@example.com',
      successUrl: 'https://shop.example.com/ok',
      cancelUrl: 'https://shop.example.com/cancel',
    },
  },
  registerWebhook: { url: 'https://hooks.example.com/payments', connect: false },
} as const

let fixture: CoreFixture
let service: RecordingServer
let asked: ProductionWrite[]
let duringDialog: () => Promise<void>

async function activeProductionAccount(): Promise<string | undefined> {
  return (await fixture.ok('getSettings', {})).environments.find((e) => e.id === 'production')?.activeAccount
}

beforeEach(async () => {
  asked = []
  duringDialog = () => Promise.resolve()
  service = await startRecordingServer((request) =>
    request.path === '/api/webhook'
      ? { status: 201, body: { id: 'we_1', url: writes.registerWebhook.url, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' } }
      : {
          status: 201,
          body: { id: 'pay_prod_1', status: 'pending', amount: 12_000, currency: 'EUR', checkoutUrl: 'https://pay.example.com/1' },
        },
  )
  fixture = await startCoreFixture({
    confirm: {
      async confirmProductionWrite(write) {
        asked.push(write)
        await duringDialog()
        return true
      },
    },
  })
  await fixture.ok('updateSettings', { baseUrl: { environment: 'production', url: service.baseUrl } })
  await fixture.ok('setKey', { environment: 'production', key: defaultKey })
  const view = await fixture.ok('addAccount', { environment: 'production', name: 'Shop Two' })
  const shopTwo = view.environments.find((e) => e.id === 'production')?.accounts.find((a) => a.name === 'Shop Two')
  await fixture.ok('setKey', { environment: 'production', account: shopTwo?.id, key: otherKey })
  await fixture.ok('updateSettings', { activeEnvironment: 'production', activeAccount: { environment: 'production', account: 'default' } })
})
afterEach(async () => {
  await fixture.close()
  await service.close()
})

describe('a Production write goes to the environment and account the user confirmed', () => {
  it.each(Object.keys(writes) as (keyof typeof writes)[])(
    '%s: the dialog names the account; a link that switches it while the dialog is open does not move the write',
    async (name) => {
      duringDialog = async () => {
        fixture.core.links.receive('payments-desk://payment/pay_anything?account=Shop%20Two')
        await waitFor(async () => (await activeProductionAccount()) !== 'default', { what: 'the link to switch the account' })
      }
      const result = await fixture.call(name, writes[name])
      // Never the other account's key; the write is refused, since what is in use is not what was confirmed.
      expect(service.requests.map((r) => r.headers['x-service-api-key'])).not.toContain(otherKey)
      expect(asked).toHaveLength(1)
      expect(asked[0]?.summary).toContain('"Default"')
      expect(asked[0]?.summary).toContain('Production')
      expect(service.requests).toEqual([])
      expect(result).toMatchObject({ ok: false, error: { code: 'confirmation-required' } })
      expect(result.ok ? '' : result.error.message).toContain('Shop Two')
    },
  )

  it.each(Object.keys(writes) as (keyof typeof writes)[])(
    '%s: with nothing switched, it is sent once with the confirmed account’s key',
    async (name) => {
      const result = await fixture.call(name, writes[name])
      expect(result.ok ? null : result.error).toBeNull()
      expect(service.requests.map((r) => r.headers['x-service-api-key'])).toEqual([defaultKey])
      const action = name === 'createCheckout' ? 'checkout-created' : 'webhook-registered'
      expect((await fixture.ok('auditList', {})).entries.find((e) => e.action === action)?.account).toBe('Default')
    },
  )
})
