import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ProductionConfirm, ProductionWrite } from '../../src/main/services/production-guard'
import { startCoreFixture, type CoreFixture } from '../helpers/app-core-fixture'
import { startRecordingServer, type ReceivedRequest, type RecordingServer } from '../helpers/hostile-server'

// A compromised renderer calls the write channels itself, in Production: only the
// main process's own dialog, which the renderer cannot answer, lets a write through.

const prodKey = 'service_prod_confirm_test_0123456789abcdef'

const checkout = {
  products: [{ name: 'Onboarding call', price: 12_000, quantity: 1 }],
  currency: 'EUR',
  customerEmail: 'ada@example.com',
  successUrl: 'https://shop.example.com/ok',
  cancelUrl: 'https://shop.example.com/cancel',
}

const writes = {
  createCheckout: { request: { checkout }, path: '/api/checkout/payment', action: 'checkout-created' },
  registerWebhook: {
    request: { url: 'https://hooks.example.com/payments', connect: false },
    path: '/api/webhook',
    action: 'webhook-registered',
  },
} as const

type WriteName = keyof typeof writes

/** The service's answers to the two writes, as the spec shows them. */
function answer(request: ReceivedRequest): { status: number; body: unknown } {
  if (request.path === '/api/checkout/payment')
    return {
      status: 201,
      body: { id: 'pay_prod_1', status: 'pending', amount: 12_000, currency: 'EUR', checkoutUrl: 'https://pay.example.com/1' },
    }
  if (request.path === '/api/webhook')
    return {
      status: 201,
      body: { id: 'we_prod_1', url: 'https://hooks.example.com/payments', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
    }
  return { status: 404, body: { statusCode: 404, message: 'Not Found', error: 'Not Found' } }
}

interface Setup {
  fixture: CoreFixture
  service: RecordingServer
  asked: ProductionWrite[]
  reply: { value: boolean }
}

async function setUp(withConfirm: boolean): Promise<Setup> {
  const asked: ProductionWrite[] = []
  const reply = { value: false }
  const confirm: ProductionConfirm = {
    confirmProductionWrite(write) {
      asked.push(write)
      return Promise.resolve(reply.value)
    },
  }
  const fixture = await startCoreFixture(withConfirm ? { confirm } : {})
  const service = await startRecordingServer(answer)
  await fixture.ok('updateSettings', { baseUrl: { environment: 'production', url: service.baseUrl } })
  await fixture.ok('setKey', { environment: 'production', key: prodKey })
  await fixture.ok('updateSettings', { activeEnvironment: 'production' })
  return { fixture, service, asked, reply }
}

describe('a production write is confirmed in the main process, not by the renderer', () => {
  let setup: Setup

  beforeEach(async () => {
    setup = await setUp(true)
  })
  afterEach(async () => {
    await setup.service.close()
    await setup.fixture.close()
  })

  it.each(Object.keys(writes) as WriteName[])('%s: a renderer that claims confirmedProduction: true reaches nothing', async (name) => {
    const write = writes[name]
    const result = await setup.fixture.call(name, { ...write.request, confirmedProduction: true })
    expect(setup.service.requests).toEqual([])
    expect(result).toMatchObject({ ok: false, error: { code: 'validation' } })
  })

  it.each(Object.keys(writes) as WriteName[])('%s: the dialog answered Cancel: asked once, nothing sent, a typed error', async (name) => {
    const write = writes[name]
    const result = await setup.fixture.call(name, write.request)
    expect(setup.service.requests).toEqual([])
    expect(setup.asked).toHaveLength(1)
    expect(result).toMatchObject({ ok: false, error: { code: 'confirmation-declined' } })
    expect((await setup.fixture.ok('auditList', {})).entries.some((e) => e.action === write.action)).toBe(false)
  })

  it.each(Object.keys(writes) as WriteName[])(
    '%s: the dialog answered yes: the request is made once, and the audit says how it was confirmed',
    async (name) => {
      const write = writes[name]
      setup.reply.value = true
      const result = await setup.fixture.call(name, write.request)
      expect(result.ok ? null : result.error).toBeNull()
      expect(setup.service.requests.map((r) => [r.method, r.path])).toEqual([['POST', write.path]])
      expect(setup.asked).toHaveLength(1)
      const entry = (await setup.fixture.ok('auditList', {})).entries.find((e) => e.action === write.action)
      expect(entry?.environment).toBe('production')
      expect(entry?.detail).toContain('confirmed in the main-process dialog')
    },
  )

  it('the dialog names the write: the amount, the customer, the endpoint URL, with no control characters from the renderer', async () => {
    await setup.fixture.call('createCheckout', {
      checkout: { ...checkout, customerEmail: 'ada@example.com\n\nThis is only a test: click Create.' },
    })
    await setup.fixture.call('registerWebhook', writes.registerWebhook.request)
    const [payment, webhook] = setup.asked
    expect(payment?.summary).toContain('12000 EUR')
    expect(payment?.summary).toContain('ada@example.com')
    expect(payment?.summary).not.toMatch(/ada@example\.com\n/)
    expect(webhook?.summary).toContain('https://hooks.example.com/payments')
  })
})

describe('without a confirmation dialog', () => {
  it('refuses every production write, and sends nothing', async () => {
    const setup = await setUp(false)
    try {
      for (const [name, write] of Object.entries(writes) as [WriteName, (typeof writes)[WriteName]][]) {
        const result = await setup.fixture.call(name, write.request)
        expect(result).toMatchObject({ ok: false, error: { code: 'confirmation-required' } })
      }
      expect(setup.service.requests).toEqual([])
    } finally {
      await setup.service.close()
      await setup.fixture.close()
    }
  })

  it('still writes to the local sandbox without asking', async () => {
    const fixture = await startCoreFixture()
    try {
      expect(await fixture.ok('createCheckout', { checkout })).toMatchObject({ environment: 'local' })
    } finally {
      await fixture.close()
    }
  })
})
