import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
import { offMachineMessage } from '../../src/sandbox/delivery-hosts'
import { apiClient, expectError, type ApiClient } from '../helpers/sandbox-client'

let sandbox: RunningSandbox
let api: ApiClient

// A host besides this computer only because it is allowed here (written as a user might).
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: { rate: 0 }, allowedDeliveryHosts: [' HOOKS.example.com '] })
  api = apiClient(sandbox)
})
afterAll(() => sandbox.close())

interface Endpoint {
  id: string
  url: string
  connect: boolean
  createdAt: string
  secret: string
}

async function register(body: unknown): Promise<Endpoint> {
  const reply = await api.post('/api/webhook', body)
  expect(reply.status, reply.text).toBe(201)
  return reply.json as Endpoint
}

describe('POST /api/webhook', () => {
  it('returns the endpoint with a whsec_ secret of at least 24 random bytes', async () => {
    const endpoint = await register({ url: 'https://hooks.example.com/payments' })
    expect(endpoint).toMatchObject({ url: 'https://hooks.example.com/payments', connect: false })
    expect(endpoint.id).toMatch(/^we_[A-Za-z0-9]+$/)
    expect(endpoint.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/)
    const key = Buffer.from(endpoint.secret.slice('whsec_'.length), 'base64')
    expect(key.length).toBeGreaterThanOrEqual(24)
    expect(key.toString('base64')).toBe(endpoint.secret.slice('whsec_'.length))
  })

  it('gives every endpoint its own secret', async () => {
    const first = await register({ url: 'https://hooks.example.com/a' })
    const second = await register({ url: 'https://hooks.example.com/a' })
    expect(second.id).not.toBe(first.id)
    expect(second.secret).not.toBe(first.secret)
  })

  it('marks a Connect endpoint with connect: true', async () => {
    expect(await register({ url: 'https://hooks.example.com/connect', connect: true })).toMatchObject({ connect: true })
    expect(await register({ url: 'https://hooks.example.com/direct', connect: false })).toMatchObject({ connect: false })
  })

  it.each(['http://127.0.0.1:9000/hooks', 'http://127.10.0.1/hooks', 'http://[::1]:9000/hooks'])(
    'accepts plain http on the loopback host %s',
    async (url) => {
      expect((await register({ url })).url).toBe(url)
    },
  )

  const plainHttp = 'url must use https (plain http is accepted only for loopback addresses)'
  it.each([
    // class-validator's IsUrl, as the service runs it: no top-level domain, no URL.
    ['http://localhost:8080/hooks', 'url must be a URL address'],
    ['javascript:alert(1)', 'url must be a URL address'],
    ['', 'url must be a URL address'],
    [null, 'url must be a URL address'],
    [undefined, 'url must be a URL address'],
    [42, 'url must be a URL address'],
    [`https://hooks.example.com/${'a'.repeat(2100)}`, 'url must be a URL address'],
    // The sandbox's own rules, on URLs IsUrl accepts.
    ['http://hooks.example.com/payments', plainHttp],
    ['http://10.0.0.5/hooks', plainHttp],
    ['http://localhost.example.com/hooks', plainHttp],
    // A *.localhost name may still be resolved by DNS, so it does not count as this machine.
    ['http://app.localhost/hooks', plainHttp],
    ['ftp://hooks.example.com/payments', 'url must start with https://'],
    ['hooks.example.com/payments', 'url must start with https://'],
    ['https://user:pass@hooks.example.com/', 'url must not contain a user name or password'],
    [`https://hooks.example.com/${'a'.repeat(2030)}`, 'url must be shorter than or equal to 2048 characters'],
  ])('refuses url %j with 400: %s', async (url, message) => {
    expectError(await api.post('/api/webhook', { url }), 400, [message])
  })

  it.each(['https://elsewhere.example/hooks', 'https://sub.hooks.example.com/', 'https://198.51.100.7/', 'https://[2001:db8::1]/'])(
    'refuses %s, a host it was not started with, and says how to allow one',
    async (url) => {
      expectError(await api.post('/api/webhook', { url }), 400, [offMachineMessage])
    },
  )

  it('refuses every host but this computer when started with none allowed', async () => {
    const plain = await startSandbox({ rateLimit: { rate: 0 } })
    try {
      expectError(await apiClient(plain).post('/api/webhook', { url: 'https://hooks.example.com/' }), 400, [offMachineMessage])
      expect((await apiClient(plain).post('/api/webhook', { url: 'https://127.0.0.1:8443/hooks' })).status).toBe(201)
    } finally {
      await plain.close()
    }
  })

  it('will not start with an allowed host that is not a host', async () => {
    for (const entry of ['hooks.example.com/in', 'hooks.example.com:8443', '*.example.com', 'user@hooks.example.com', '']) {
      await expect(startSandbox({ allowedDeliveryHosts: [entry] })).rejects.toThrow('is not a host name or IP address')
    }
  })

  it('refuses a connect flag that is not a boolean, with the url problem in the same answer', async () => {
    expectError(await api.post('/api/webhook', { url: 'https://hooks.example.com/', connect: 'yes' }), 400, [
      'connect must be a boolean value',
    ])
    expectError(await api.post('/api/webhook', { url: 'http://example.com/', connect: 1 }), 400, [
      plainHttp,
      'connect must be a boolean value',
    ])
  })

  it('lists endpoints through the admin API without their secrets', async () => {
    const endpoint = await register({ url: 'https://hooks.example.com/listed' })
    const reply = await api.get('/sandbox/webhooks')
    expect(reply.status).toBe(200)
    const listed = (reply.json as Record<string, unknown>[]).find((e) => e.id === endpoint.id)
    expect(listed).toEqual({ id: endpoint.id, url: endpoint.url, connect: false, createdAt: endpoint.createdAt })
    expect(reply.text).not.toContain('whsec_')
  })
})
