import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCoreFixture, type CoreFixture } from '../../helpers/app-core-fixture'
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver'
import { waitFor } from '../../helpers/wait-for'

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

const goodCheckout = {
  products: [{ name: 'Team seat', price: 1500, quantity: 2 }],
  currency: 'EUR',
  customerEmail: 'grace@example.org',
  successUrl: 'https://shop.example.com/ok',
  cancelUrl: 'https://shop.example.com/cancel',
}

describe('a session through every handler leaves no key and no webhook secret behind', () => {
  let fixture: CoreFixture
  let receiver: WebhookReceiver
  const operatorKey = `service_operator_${'k'.repeat(24)}`
  let webhookSecret = ''

  beforeAll(async () => {
    fixture = await startCoreFixture({ sandbox: { apiKey: operatorKey } })
    receiver = await startWebhookReceiver()
  })
  afterAll(async () => {
    await receiver.close()
    await fixture.close()
  })

  it('runs lookups, failures, a checkout, a webhook registration, a signature check and errors of every kind', async () => {
    const { ok, call, sandbox } = fixture
    const declined = await ok('getPayment', { id: 'pay_seed_card_declined' })
    expect(declined.payment.lastDepositAttempt?.error).toBe('card_declined')
    await ok('getPayment', { id: '  pay_seed_stolen_card ' })

    const missing = await call('getPayment', { id: 'pay_does_not_exist' })
    expect(missing).toEqual({ ok: false, error: { code: 'not-found', message: 'No payment with this ID in Local sandbox.' } })
    const malformed = await call('getPayment', { id: '../webhook' })
    expect(malformed.ok ? null : malformed.error.code).toBe('invalid-id')
    const hostile = await call('getPayment', { id: 42 })
    expect(hostile.ok ? null : hostile.error.code).toBe('validation')

    const invalid = await call('createCheckout', { checkout: { ...goodCheckout, currency: 'GBP', products: [] } })
    expect(invalid.ok ? null : invalid.error).toMatchObject({
      code: 'bad-request',
      details: ['products should not be empty', 'currency must be one of the following values: EUR, USD'],
    })
    const created = await ok('createCheckout', { checkout: goodCheckout })
    expect(created.payment).toMatchObject({ amount: 3000, currency: 'EUR', status: 'pending' })

    const endpoint = await ok('registerWebhook', { url: receiver.url, connect: false })
    expect(endpoint.fingerprint).toMatch(/^SHA256:( ?[0-9a-f]{4}){4}$/)
    expect(endpoint.secretStored).toBe(true)
    const refused = await call('registerWebhook', { url: 'http://hooks.example.com/', connect: false })
    expect(refused.ok ? null : refused.error.code).toBe('invalid-url')

    // The deliberate one-time reveal is the only answer allowed to hold the secret (checked below).
    const revealed = await ok('revealWebhookSecret', { endpointId: endpoint.id })
    webhookSecret = revealed.secret
    expect(webhookSecret).toMatch(/^whsec_/)

    const response = await fetch(`${sandbox.baseUrl}/sandbox/payments/pay_seed_pending_1/fail`, {
      method: 'POST',
      headers: { 'X-Service-Api-Key': sandbox.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: 'insufficient_funds' }),
    })
    expect(response.status).toBe(200)
    const [delivery] = await receiver.waitForRequests(1)
    if (!delivery) throw new Error('no delivery')
    const check = await ok('verifySignature', {
      body: delivery.body,
      hookId: String(delivery.headers['hook-id']),
      hookTimestamp: String(delivery.headers['hook-timestamp']),
      hookSignature: String(delivery.headers['hook-signature']),
      secret: { endpointId: endpoint.id },
      ignoreTimestamp: false,
    })
    expect(check).toMatchObject({ valid: true, cause: 'valid' })

    await ok('updateSettings', { baseUrl: { environment: 'operator', url: sandbox.baseUrl } })
    const wrongKey = await call('setKey', { environment: 'operator', key: 'service_pub_sandbox_abc' })
    expect(wrongKey.ok ? null : wrongKey.error.code).toBe('invalid-key')
    await ok('setKey', { environment: 'operator', key: `  ${operatorKey}\n` })
    expect(await ok('testKey', { environment: 'operator' })).toEqual({ message: 'Connected to Operator sandbox: the key is accepted.' })
    await ok('setKey', { environment: 'operator', key: `${operatorKey}-rotated-wrong` })
    const rejected = await call('testKey', { environment: 'operator' })
    expect(rejected.ok ? null : rejected.error.code).toBe('key-rejected')
    await ok('getRequestLog', {})
    await ok('getSettings', {})
    await waitFor(() => fixture.core.requestLog.snapshot().length >= 8, { what: 'request log entries' })
  })

  it('finds neither the private keys nor the webhook secret in any IPC answer, log entry or file', async () => {
    const { responses, core, dataDir, sandbox } = fixture
    const needles = [sandbox.apiKey, operatorKey, webhookSecret, webhookSecret.replace(/^whsec_/, '')]
    expect(needles.every((needle) => needle.length > 20)).toBe(true)

    // Exactly one IPC answer holds the webhook secret: the deliberate reveal.
    const holding = responses.filter((response) => JSON.stringify(response).includes(webhookSecret.replace(/^whsec_/, '')))
    expect(holding.map((response) => response.name)).toEqual(['revealWebhookSecret'])
    const ipcText = JSON.stringify(responses.filter((response) => !holding.includes(response)))
    const logText = JSON.stringify(core.requestLog.snapshot())
    const files = await filesUnder(dataDir)
    expect(files.map((file) => file.slice(dataDir.length))).toEqual(expect.arrayContaining(['/settings.json', '/webhooks.json']))
    const fileTexts = await Promise.all(files.map((file) => readFile(file, 'utf8')))
    for (const needle of needles) {
      expect(ipcText).not.toContain(needle)
      expect(logText).not.toContain(needle)
      for (const text of fileTexts) expect(text).not.toContain(needle)
    }
  })
})
