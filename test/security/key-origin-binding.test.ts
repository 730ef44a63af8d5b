import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AppCore } from '../../src/main/app-core'
import { apiKeyAccount } from '../../src/main/secrets/keychain'
import { settingsFileName } from '../../src/main/settings/settings-store'
import { appSender, startCoreFixture, type CoreFixture } from '../helpers/app-core-fixture'
import { closeRestarted, restartCore } from '../helpers/core-restart'
import { startRecordingServer, type RecordingServer } from '../helpers/hostile-server'

// Item 1 of the audit: a compromised renderer (through the IPC handlers) or someone who
// can edit settings.json points production at their own host and waits for the key.
// The attacker's host is a local server that records every header it receives.

const productionKey = `service_prod_${'k3y'.repeat(12)}`
const legitimateUrl = 'https://a.example'

let fixture: CoreFixture
let attacker: RecordingServer
let reopened: AppCore | null = null

beforeEach(async () => {
  fixture = await startCoreFixture()
  attacker = await startRecordingServer()
})
afterEach(async () => {
  await fixture.secrets.delete(apiKeyAccount('production'))
  if (reopened) await closeRestarted(fixture, reopened)
  else await fixture.close()
  reopened = null
  await attacker.close()
})

/** Whether any request that reached the attacker carried the key, in a header or anywhere else. */
function keyReachedAttacker(): boolean {
  return attacker.requests.some(
    (request) => JSON.stringify(request).includes(productionKey) || request.headers['x-service-api-key'] !== undefined,
  )
}

async function storeKeyFor(url: string): Promise<void> {
  await fixture.ok('updateSettings', { baseUrl: { environment: 'production', url } })
  await fixture.ok('setKey', { environment: 'production', key: productionKey })
}

/** Everything a renderer can do to make main send the production key: a lookup and a connection test. */
async function tryToSendTheKey(call: (name: 'getPayment' | 'testKey', request: unknown) => Promise<unknown>): Promise<void> {
  await call('getPayment', { id: 'pay_seed_card_declined' })
  await call('testKey', { environment: 'production' })
}

describe('a compromised renderer moves production to its own host through updateSettings', () => {
  it('starting from a stored key for https://a.example: the key is never sent to the new host', async () => {
    await storeKeyFor(legitimateUrl)
    await fixture.ok('updateSettings', { baseUrl: { environment: 'production', url: attacker.baseUrl }, activeEnvironment: 'production' })
    await tryToSendTheKey(fixture.call)
    expect(keyReachedAttacker()).toBe(false)
    const settings = await fixture.ok('getSettings', {})
    expect(settings.environments.find((env) => env.id === 'production')?.hasKey).toBe(false)
  })

  it('starting from NO base URL: the key is never sent to the host set afterwards', async () => {
    // A key entered before any base URL is bound to nothing, so it is refused outright.
    const stored = await fixture.call('setKey', { environment: 'production', key: productionKey })
    await fixture.call('updateSettings', { baseUrl: { environment: 'production', url: attacker.baseUrl }, activeEnvironment: 'production' })
    await tryToSendTheKey(fixture.call)
    expect(keyReachedAttacker()).toBe(false)
    expect(stored.ok ? null : stored.error).toMatchObject({
      code: 'invalid-url',
      message: expect.stringContaining('Enter the base URL of Production first') as string,
    })
  })

  it('a key entered for the new host goes there: the binding does not stop the legitimate move', async () => {
    await storeKeyFor(legitimateUrl)
    await storeKeyFor(attacker.baseUrl)
    await fixture.ok('testKey', { environment: 'production' })
    expect(attacker.requests.map((request) => request.headers['x-service-api-key'])).toEqual([productionKey])
  })
})

describe('someone edits settings.json while the app is closed', () => {
  it('points production at their own host: the key is not sent, the refusal is typed, audited and names no key', async () => {
    await storeKeyFor(legitimateUrl)
    const path = join(fixture.dataDir, settingsFileName)
    const onDisk = JSON.parse(await readFile(path, 'utf8')) as {
      environments: Record<string, { baseUrl: string | null }>
      activeEnvironment: string
    }
    onDisk.environments.production = { baseUrl: attacker.baseUrl }
    onDisk.activeEnvironment = 'production'
    const core = await restartCore(fixture, async () => {
      await writeFile(path, JSON.stringify(onDisk))
    })
    reopened = core
    const call = (name: 'getPayment' | 'testKey', request: unknown) => core.dispatcher.dispatch(name, appSender, request)
    const lookup = await core.dispatcher.dispatch('getPayment', appSender, { id: 'pay_seed_card_declined' })
    await tryToSendTheKey(call)
    expect(keyReachedAttacker()).toBe(false)

    expect(lookup.ok ? null : lookup.error).toMatchObject({ code: 'key-origin-mismatch' })
    const message = lookup.ok ? '' : lookup.error.message
    expect(message).toContain('https://a.example')
    expect(message).toContain(new URL(attacker.baseUrl).host)
    expect(message).not.toContain(productionKey)

    const audit = await core.handlers.auditList({})
    const refused = audit.entries.filter((entry) => entry.action === 'key-send-refused')
    expect(refused).toHaveLength(1)
    expect(refused[0]?.detail).toContain(new URL(attacker.baseUrl).host)
    expect(JSON.stringify(audit)).not.toContain(productionKey)
    expect(await readFile(join(fixture.dataDir, 'audit.jsonl'), 'utf8')).not.toContain(productionKey)

    const settings = await core.handlers.getSettings({})
    expect(settings.environments.find((env) => env.id === 'production')?.hasKey).toBe(false)
    expect(settings.notice).toContain('not sent')
  })
})

describe('a key stored by an earlier version, as a plain string with no origin', () => {
  it('is not sent anywhere until it is entered again, and says so', async () => {
    await fixture.ok('updateSettings', { baseUrl: { environment: 'production', url: attacker.baseUrl }, activeEnvironment: 'production' })
    await fixture.secrets.set(apiKeyAccount('production'), productionKey)
    const lookup = await fixture.call('getPayment', { id: 'pay_seed_card_declined' })
    await tryToSendTheKey(fixture.call)
    expect(keyReachedAttacker()).toBe(false)
    expect(lookup.ok ? null : lookup.error).toMatchObject({
      code: 'key-origin-mismatch',
      message: expect.stringContaining('Enter the key again') as string,
    })

    await fixture.ok('setKey', { environment: 'production', key: productionKey })
    await fixture.ok('testKey', { environment: 'production' })
    expect(attacker.requests.map((request) => request.headers['x-service-api-key'])).toEqual([productionKey])
  })
})
