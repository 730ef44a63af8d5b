import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
import { call, expectError } from '../helpers/sandbox-client'

const publicKeyMessage =
  'A public key (service_pub_...) cannot be used here: public keys are only for the client-side card form. Send your private key in the X-Service-Api-Key header.'

let sandbox: RunningSandbox

beforeAll(async () => {
  sandbox = await startSandbox({ apiKey: 'service_sandbox_auth_test_key', rateLimit: { rate: 0 } })
})
afterAll(() => sandbox.close())

const protectedRoutes: [string, string, unknown][] = [
  ['GET', '/api/payment/pay_seed_card_declined', undefined],
  ['POST', '/api/checkout/payment', {}],
  ['POST', '/api/webhook', { url: 'https://example.com/hooks' }],
  ['GET', '/sandbox/state', undefined],
  ['POST', '/sandbox/payments/pay_seed_pending_1/settle', {}],
]

describe('authentication with X-Service-Api-Key', () => {
  it('accepts the private key', async () => {
    const reply = await call(sandbox, 'GET', '/api/payment/pay_seed_card_declined')
    expect(reply.status).toBe(200)
    expect(reply.json).toMatchObject({ id: 'pay_seed_card_declined' })
  })

  it.each(protectedRoutes)('%s %s without a key is 401 with a message naming the header', async (method, path, body) => {
    const reply = await call(sandbox, method, path, { key: null, body })
    expectError(reply, 401, 'Missing API key: send your private key in the X-Service-Api-Key header')
  })

  it.each(protectedRoutes)('%s %s with a wrong key is 401 Invalid API key', async (method, path, body) => {
    const reply = await call(sandbox, method, path, { key: 'service_sandbox_not_the_key', body })
    expectError(reply, 401, 'Invalid API key')
  })

  it('treats an empty or blank header as missing', async () => {
    for (const key of ['', '   ']) {
      expectError(await call(sandbox, 'GET', '/api/payment/pay_seed_card_declined', { key }), 401, /^Missing API key/)
    }
  })

  // Surrounding spaces are not tried: HTTP strips them from header values before the server sees them.
  it('refuses a key that differs in case or by one character', async () => {
    for (const key of [sandbox.apiKey.toUpperCase(), `${sandbox.apiKey}x`, sandbox.apiKey.slice(0, -1)]) {
      expectError(await call(sandbox, 'GET', '/api/payment/pay_seed_card_declined', { key }), 401, 'Invalid API key')
    }
  })

  it.each(['service_pub_prod_abc123', 'service_pub_sandbox_xyz'])('says a public key (%s) cannot be used here', async (key) => {
    const reply = await call(sandbox, 'GET', '/api/payment/pay_seed_card_declined', { key })
    expectError(reply, 401, publicKeyMessage)
  })

  it('does not accept the private key in the public-key header', async () => {
    const reply = await call(sandbox, 'GET', '/api/payment/pay_seed_card_declined', {
      key: null,
      headers: { 'x-service-public-key': sandbox.apiKey },
    })
    expectError(reply, 401, /^Missing API key/)
  })

  it('never echoes the presented key in the error', async () => {
    const key = 'service_prod_secret_do_not_echo'
    const reply = await call(sandbox, 'GET', '/api/payment/pay_seed_card_declined', { key })
    expect(reply.text).not.toContain(key)
  })

  it('generates a key in the sandbox shape when none is given, and only that key works', async () => {
    const other = await startSandbox({ rateLimit: { rate: 0 } })
    try {
      expect(other.apiKey).toMatch(/^service_sandbox_[0-9a-f]{48}$/)
      expect(other.apiKey).not.toBe(sandbox.apiKey)
      expect((await call(other, 'GET', '/api/payment/pay_seed_card_declined')).status).toBe(200)
      const withFirstKey = await call(other, 'GET', '/api/payment/pay_seed_card_declined', { key: sandbox.apiKey })
      expectError(withFirstKey, 401, 'Invalid API key')
    } finally {
      await other.close()
    }
  })
})
