import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppCore } from '../../../src/main/app-core'
import { secretFingerprint } from '../../../src/main/webhooks/fingerprint'
import type { AuditAction } from '../../../src/shared/contract/audit-schema'
import { startCoreFixture, type CoreFixture } from '../../helpers/app-core-fixture'

const checkout = {
  products: [{ name: 'Team seat', price: 1500, quantity: 2 }],
  currency: 'EUR',
  customerEmail: 'grace.hopper@example.org',
  successUrl: 'https://shop.example.com/ok',
  cancelUrl: 'https://shop.example.com/cancel',
}

describe('the audit log behind the real handlers', () => {
  let fixture: CoreFixture
  let exportDir: string
  let exportPath: string | null = null
  const prodKey = `service_prod_${randomBytes(18).toString('hex')}`
  const rotatedKey = `service_prod_${randomBytes(18).toString('hex')}`
  const hookToken = randomBytes(12).toString('hex')
  let webhookSecret = ''
  const events: string[] = []

  beforeAll(async () => {
    exportDir = await mkdtemp(join(tmpdir(), 'payments-desk-audit-export-'))
    fixture = await startCoreFixture({
      dialogs: { chooseIdFile: () => Promise.resolve(null), chooseExportPath: () => Promise.resolve(exportPath) },
    })
    fixture.core.subscribe((name, payload) => {
      if (name === 'auditWriteProblem') events.push((payload as { message: string }).message)
    })
  })
  afterAll(async () => {
    await fixture.close()
    await rm(exportDir, { recursive: true, force: true })
  })

  it('records key changes, switches, base URLs, webhooks, reveals and checkouts: who, where, what', async () => {
    const { ok } = fixture
    // A key is bound to the base URL set when it is stored, so the URL comes first.
    await ok('updateSettings', { baseUrl: { environment: 'production', url: 'https://api.example.com/' } })
    await ok('setKey', { environment: 'production', key: prodKey })
    await ok('setKey', { environment: 'production', key: ` ${rotatedKey}\n` })
    await ok('updateSettings', { activeEnvironment: 'production' })
    // Not a change: nothing to record.
    await ok('updateSettings', { activeEnvironment: 'production', theme: 'dark' })
    await ok('updateSettings', { activeEnvironment: 'local' })
    const endpoint = await ok('registerWebhook', { url: `http://127.0.0.1:9/hooks?token=${hookToken}`, connect: true })
    webhookSecret = (await ok('revealWebhookSecret', { endpointId: endpoint.id })).secret
    const created = await ok('createCheckout', { checkout })
    await ok('deleteKey', { environment: 'production' })
    // Refused actions leave no entry.
    expect((await fixture.call('setKey', { environment: 'production', key: 'service_pub_prod_x' })).ok).toBe(false)

    const list = await ok('auditList', {})
    expect(list.verification).toEqual({ ok: true, problems: [] })
    expect(list.total).toBe(9)
    const oldestFirst = [...list.entries].reverse()
    expect(oldestFirst.map((e) => [e.seq, e.action, e.environment])).toEqual<[number, AuditAction, string][]>([
      [1, 'base-url-changed', 'production'],
      [2, 'key-set', 'production'],
      [3, 'key-replaced', 'production'],
      [4, 'environment-switched', 'production'],
      [5, 'environment-switched', 'local'],
      [6, 'webhook-registered', 'local'],
      [7, 'webhook-secret-revealed', 'local'],
      [8, 'checkout-created', 'local'],
      [9, 'key-deleted', 'production'],
    ])
    for (const entry of list.entries) expect(entry.user).toBe(userInfo().username)
    expect(oldestFirst.map((e) => e.detail)).toEqual([
      'Set the base URL of Production to https://api.example.com',
      `Stored a private key for Production (${secretFingerprint(prodKey)})`,
      `Replaced the private key of Production: ${secretFingerprint(prodKey)} → ${secretFingerprint(rotatedKey)}`,
      'Switched from Local sandbox to Production',
      'Switched from Production to Local sandbox',
      `Registered http://127.0.0.1:9/hooks?token=… (Connect events); signing secret ${endpoint.fingerprint}, in the keychain`,
      `Revealed the signing secret of http://127.0.0.1:9/hooks?token=… (${endpoint.fingerprint})`,
      `Created payment ${created.payment.id ?? ''}: 3000 EUR (€30.00 assuming minor units), customer g***@example.org`,
      `Deleted the private key of Production (${secretFingerprint(rotatedKey)})`,
    ])
    expect(events).toEqual([])
  })

  it('keeps no key, no secret, no token and no customer e-mail in its files or its export', async () => {
    exportPath = join(exportDir, 'audit.json')
    expect(await fixture.ok('auditExport', { format: 'json' })).toEqual({ path: exportPath })
    const texts = await Promise.all([join(fixture.dataDir, 'audit.jsonl'), exportPath].map((path) => readFile(path, 'utf8')))
    expect(webhookSecret).toMatch(/^whsec_/)
    const secretBody = webhookSecret.slice('whsec_'.length)
    for (const text of texts) {
      for (const secret of [prodKey, rotatedKey, webhookSecret, secretBody, hookToken, checkout.customerEmail, fixture.sandbox.apiKey]) {
        expect(text).not.toContain(secret)
      }
    }
    exportPath = join(exportDir, 'audit.csv')
    expect(await fixture.ok('auditExport', { format: 'csv' })).toEqual({ path: exportPath })
    expect((await readFile(exportPath, 'utf8')).split('\r\n')).toHaveLength(11)
  })

  it('lets the action happen when the log cannot be written, and says so in Settings and at once', async () => {
    const file = join(fixture.dataDir, 'audit.jsonl')
    await rm(file)
    await mkdir(file)
    // Production: its base URL is set (above), which a key needs.
    const view = await fixture.ok('setKey', { environment: 'production', key: `service_prod_${'k'.repeat(24)}` })
    expect(view.environments.find((env) => env.id === 'production')?.hasKey).toBe(true)
    expect(view.notice).toMatch(/^"Key stored" was carried out, but the audit log has no entry for it yet\./)
    expect(events).toHaveLength(1)
    expect(events[0]).toBe(view.notice)

    const failed = await fixture.call('auditList', {})
    expect(failed.ok ? null : failed.error.code).toBe('storage')

    // The file was removed by hand: the log says so, and the waiting entry is written after the gap.
    await rm(file, { recursive: true })
    const list = await fixture.ok('auditList', {})
    expect(list.unwritten).toEqual([])
    expect(list.entries[0]).toMatchObject({ seq: 10, action: 'key-set', environment: 'production' })
    expect(list.verification.problems.map((p) => p.message)).toEqual(['Entries 1 to 9 are missing: they were removed from the log.'])
  })

  it('tells the user at the next start that the log failed its check', async () => {
    const next = await createAppCore({
      dataDir: fixture.dataDir,
      secrets: fixture.secrets,
      localService: { baseUrl: fixture.sandbox.baseUrl, apiKey: fixture.sandbox.apiKey },
      isTrustedSender: () => true,
    })
    try {
      const view = await next.handlers.getSettings({})
      expect(view.notice).toBe('The audit log failed its check (1 problem): see Audit log at the end of Settings.')
    } finally {
      await next.close()
    }
  })
})
