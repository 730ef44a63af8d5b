import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createAppCore } from '../../src/main/app-core'
import { createMemoryStore } from '../../src/main/secrets/keychain'
import type { Delivery } from '../../src/sandbox'
import { appSender, startCoreFixture, type CoreFixture } from '../helpers/app-core-fixture'
import { apiClient, expectError } from '../helpers/sandbox-client'
import { waitFor } from '../helpers/wait-for'
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver'

// Audit item 2: the embedded sandbox runs inside the main process, so a webhook registered
// on it made main POST chosen bodies to any host, and the delivery list told a compromised
// renderer what loopback ports answer. These tests never let traffic leave the machine:
// an off-machine URL must be refused when it is registered, before anything connects.
// Each test has its own core and sandbox, so an endpoint a broken build accepted never
// receives another test's event.

let fixture: CoreFixture

beforeEach(async () => {
  fixture = await startCoreFixture()
})
afterEach(() => fixture.close())

const offMachine = [
  'https://198.51.100.7/hooks',
  'https://hooks.attacker.example/in',
  'https://[2001:db8::7]/hooks',
  'https://127.0.0.1.attacker.example/',
]

async function sandboxEndpoints(): Promise<unknown[]> {
  return (await apiClient(fixture.sandbox).get('/sandbox/webhooks')).json as unknown[]
}

describe('the embedded sandbox delivers only to this machine', () => {
  it.each(offMachine)('registerWebhook (IPC) on local refuses %s, and nothing is registered', async (url) => {
    const result = await fixture.call('registerWebhook', { url, connect: false })
    expect(result.ok ? 'registered' : result.error.code).toBe('bad-request')
    if (!result.ok) expect(result.error.message).toMatch(/this computer/)
    expect(await sandboxEndpoints()).toEqual([])
    expect(await fixture.ok('listWebhooks', {})).toEqual([])
  })

  it('POST /api/webhook (HTTP to the sandbox) refuses another host with a 400 that says how to allow one', async () => {
    const api = apiClient(fixture.sandbox)
    const reply = await api.post('/api/webhook', { url: 'https://198.51.100.7/hooks' })
    expectError(reply, 400)
    expect(reply.text).toContain('PAYMENTS_DESK_SANDBOX_DELIVERY_HOSTS')
    expect(await sandboxEndpoints()).toEqual([])
  })

  it('bounds a loopback port scan: at most 50 endpoints per sandbox run', async () => {
    for (let port = 1; port <= 50; port++) {
      await fixture.ok('registerWebhook', { url: `http://127.0.0.1:${port}/`, connect: false })
    }
    const over = await fixture.call('registerWebhook', { url: 'http://127.0.0.1:51/', connect: false })
    expect(over.ok ? 'registered' : over.error.code).toBe('bad-request')
    expect(await sandboxEndpoints()).toHaveLength(50)
  })
})

describe("the app's own sandbox takes other hosts from main's options only", () => {
  async function withAppSandbox(
    sandboxDeliveryHosts: string[] | undefined,
    run: (core: Awaited<ReturnType<typeof createAppCore>>) => Promise<void>,
  ) {
    const dataDir = await mkdtemp(join(tmpdir(), 'payments-desk-hosts-'))
    const core = await createAppCore({
      dataDir,
      secrets: createMemoryStore(),
      localService: 'start',
      isTrustedSender: () => true,
      ...(sandboxDeliveryHosts ? { sandboxDeliveryHosts } : {}),
    })
    try {
      await run(core)
    } finally {
      await core.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  }
  const register = (core: Awaited<ReturnType<typeof createAppCore>>, url: string) =>
    core.dispatcher.dispatch('registerWebhook', appSender, { url, connect: false })

  // Registering sends nothing to the host: no event is raised in these tests.
  it('a host named by main (the environment variable) may be registered; no other', async () => {
    await withAppSandbox(['hooks.partner.example'], async (core) => {
      expect((await register(core, 'https://hooks.partner.example/in')).ok).toBe(true)
      expect((await register(core, 'https://other.example/in')).ok).toBe(false)
    })
    await withAppSandbox(undefined, async (core) => {
      expect((await register(core, 'https://hooks.partner.example/in')).ok).toBe(false)
    })
  })

  it('the renderer cannot add one through updateSettings', async () => {
    await withAppSandbox(undefined, async (core) => {
      for (const key of ['allowedDeliveryHosts', 'sandboxDeliveryHosts', 'deliveryHosts']) {
        const result = await core.dispatcher.dispatch('updateSettings', appSender, { [key]: ['hooks.partner.example'] })
        expect(result.ok ? 'accepted' : result.error.code).toBe('validation')
      }
      expect((await register(core, 'https://hooks.partner.example/in')).ok).toBe(false)
    })
  })
})

describe('what a loopback port answers does not come back through listSandboxDeliveries', () => {
  let banner: Server
  beforeEach(async () => {
    banner = createServer((_req, res) => {
      res.writeHead(200, 'SECRET-STATUS-TEXT', { 'content-type': 'text/plain', 'x-internal': 'SECRET-HEADER' })
      res.end(`SECRET-BANNER ${'x'.repeat(100_000)}`)
    })
    await new Promise<void>((resolve) => banner.listen(0, '127.0.0.1', resolve))
  })
  afterEach(async () => {
    banner.closeAllConnections()
    await new Promise<void>((resolve) =>
      banner.close(() => {
        resolve()
      }),
    )
  })

  it('records status and outcome only', async () => {
    const { port } = banner.address() as AddressInfo
    const endpoint = await fixture.ok('registerWebhook', { url: `http://127.0.0.1:${port}/`, connect: false })
    await fixture.ok('sendTestEvent', { type: 'payment.settled', paymentId: 'pay_seed_pending_1' })
    const deliveries = await waitFor(
      async () => {
        const listed = await fixture.ok('listSandboxDeliveries', { endpointId: endpoint.id })
        return listed[0]?.status === 'delivered' && listed
      },
      { what: 'the delivery' },
    )
    expect(deliveries[0]?.attempts[0]).toMatchObject({ statusCode: 200, error: null })
    expect(JSON.stringify(deliveries)).not.toMatch(/SECRET/)
  })
})

describe('bodies the sandbox sends are bounded', () => {
  let receiver: WebhookReceiver
  beforeEach(async () => {
    receiver = await startWebhookReceiver()
  })
  afterEach(() => receiver.close())

  it('an event over 64 KiB (a checkout stuffed with text) is recorded as not sent, and nothing is posted', async () => {
    const api = apiClient(fixture.sandbox)
    expect((await api.post('/api/webhook', { url: receiver.url })).status).toBe(201)
    const created = await api.post('/api/checkout/payment', {
      products: [{ name: 'x'.repeat(200_000), price: 1, quantity: 1 }],
      currency: 'EUR',
      customerEmail: 'ada@example.com',
      successUrl: 'https://shop.example.com/ok',
      cancelUrl: 'https://shop.example.com/cancel',
    })
    const { id } = created.json as { id: string }
    expect((await api.post(`/sandbox/payments/${id}/settle`)).status).toBe(200)
    const delivery = await waitFor(
      async () => {
        const [first] = (await api.get('/sandbox/deliveries')).json as Delivery[]
        return first && first.status !== 'pending' && first
      },
      { what: 'the delivery to finish' },
    )
    expect(delivery.status).toBe('failed')
    expect(delivery.attempts).toHaveLength(1)
    expect(delivery.attempts[0]).toMatchObject({ statusCode: null, error: expect.stringContaining('not sent') as unknown })
    expect(receiver.requests).toEqual([])
  })
})
