import { readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AppCore } from '../../src/main/app-core'
import { apiKeyAccount } from '../../src/main/secrets/keychain'
import { settingsFileName } from '../../src/main/settings/settings-store'
import { appSender, startCoreFixture, type CoreFixture } from '../helpers/app-core-fixture'
import { closeRestarted, restartCore } from '../helpers/core-restart'
import { startRecordingServer, type RecordingServer } from '../helpers/hostile-server'

// Item 13 of the audit: a corrupt settings.json is set aside and the defaults (no base
// URL) restored, but the key stays in the keychain. A renderer then sets any URL, and
// with no previous URL to compare with, the key went there.

const productionKey = `service_prod_${'c0rrupt'.repeat(6)}`

let fixture: CoreFixture
let attacker: RecordingServer
let core: AppCore | null = null

beforeEach(async () => {
  fixture = await startCoreFixture()
  attacker = await startRecordingServer()
})
afterEach(async () => {
  await fixture.secrets.delete(apiKeyAccount('production'))
  if (core) await closeRestarted(fixture, core)
  else await fixture.close()
  core = null
  await attacker.close()
})

describe('a corrupt settings.json, then a new base URL from the renderer', () => {
  it('sends no key to the new host', async () => {
    await fixture.ok('updateSettings', { baseUrl: { environment: 'production', url: 'https://a.example' } })
    await fixture.ok('setKey', { environment: 'production', key: productionKey })

    const started = await restartCore(fixture, async () => {
      await writeFile(join(fixture.dataDir, settingsFileName), '{"version": 1, "environments": {"production": ')
    })
    core = started
    const call = (name: Parameters<AppCore['dispatcher']['dispatch']>[0], request: unknown) =>
      started.dispatcher.dispatch(name, appSender, request)
    const before = await started.handlers.getSettings({})
    expect(before.notice).toContain('moved aside')
    expect(await readdir(fixture.dataDir)).toEqual(expect.arrayContaining([expect.stringMatching(/^settings\.corrupt-/)]))

    await call('updateSettings', { baseUrl: { environment: 'production', url: attacker.baseUrl }, activeEnvironment: 'production' })
    const lookup = await call('getPayment', { id: 'pay_seed_card_declined' })
    const test = await call('testKey', { environment: 'production' })

    expect(attacker.requests.filter((request) => request.headers['x-service-api-key'] !== undefined)).toEqual([])
    expect(attacker.requests.some((request) => JSON.stringify(request).includes(productionKey))).toBe(false)
    // Refused before any connection was made, in words that say what to do.
    expect(lookup.ok ? null : lookup.error.code).toMatch(/^(no-key|key-origin-mismatch)$/)
    expect(test.ok ? null : test.error.code).toMatch(/^(no-key|key-origin-mismatch)$/)
  })
})
