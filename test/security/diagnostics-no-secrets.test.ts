import { mkdtemp, rm } from 'node:fs/promises'
import { release } from 'node:os'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createAppLog, type AppLog } from '../../src/main/logging/app-log'
import { apiKeyAccount } from '../../src/main/secrets/keychain'
import type { SupportShell } from '../../src/main/services/support-service'
import { startCoreFixture, type CoreFixture } from '../helpers/app-core-fixture'
import { filesAsHaystacks, findLeaks, type Needle } from '../helpers/secret-scan'

// "Copy diagnostics" puts text on the clipboard that is pasted into a support ticket:
// it must say enough to help and never carry a key, a webhook secret or an address.

const productionKey = `service_prod_${'d1ag'.repeat(8)}`
const email = 'ada.lovelace.needle@example.com'
const versions = { app: '9.8.7-test', electron: '45.6.7-test', chrome: '140.0.1-test' }

let fixture: CoreFixture
let log: AppLog
let logRoot: string
const opened: string[] = []
let shellProblem: string | null = null
const shell: SupportShell = {
  openFolder(path) {
    if (shellProblem) return Promise.reject(new Error(shellProblem))
    opened.push(path)
    return Promise.resolve()
  },
}

beforeEach(async () => {
  logRoot = await mkdtemp(join(tmpdir(), 'payments-desk-logs-'))
  log = await createAppLog({ dir: join(logRoot, 'logs') })
  opened.length = 0
  shellProblem = null
})
afterEach(async () => {
  await fixture.secrets.delete(apiKeyAccount('production'))
  await fixture.close()
  await log.close()
  await rm(logRoot, { recursive: true, force: true })
})

describe('Copy diagnostics', () => {
  it('holds the versions, environment, scheduler and recent errors, and no key, secret or address', async () => {
    fixture = await startCoreFixture({ support: { log, shell, versions } })
    const { ok } = fixture
    // A lookup that brings an address back, a webhook secret revealed, a key in the keychain.
    const created = await ok('createCheckout', {
      checkout: {
        products: [{ name: 'Seat', price: 1500, quantity: 1 }],
        currency: 'EUR',
        customerEmail: email,
        successUrl: 'https://shop.example.com/ok',
        cancelUrl: 'https://shop.example.com/no',
      },
    })
    expect(JSON.stringify(await ok('getPayment', { id: created.payment.id }))).toContain(email)
    const endpoint = await ok('registerWebhook', { url: 'http://127.0.0.1:9/hook', connect: false })
    const { secret } = await ok('revealWebhookSecret', { endpointId: endpoint.id })
    await ok('updateSettings', { baseUrl: { environment: 'production', url: 'https://127.0.0.1:9/v1/merchant-7' } })
    await ok('setKey', { environment: 'production', key: productionKey })
    await ok('updateSettings', { activeEnvironment: 'production' })
    // An error whose text carries all three, as a failure deep in main could word it.
    log.error(
      'Internal error',
      new Error(`request for ${email} failed: X-Service-Api-Key: ${productionKey}; secret ${secret}; sandbox ${fixture.sandbox.apiKey}`),
    )
    log.warn('Delivery host ignored')

    const { text } = await ok('getDiagnostics', {})

    const needles: Needle[] = [
      { name: 'production key', value: productionKey },
      { name: 'sandbox key', value: fixture.sandbox.apiKey },
      { name: 'webhook secret', value: secret },
      { name: 'e-mail address', value: email },
    ]
    expect(findLeaks(needles, [{ where: 'diagnostics', text }, ...(await filesAsHaystacks(join(logRoot, 'logs')))])).toEqual([])
    expect(text).toContain(`App: ${versions.app}`)
    expect(text).toContain(`Electron: ${versions.electron}; Chrome: ${versions.chrome}; Node: ${process.versions.node}`)
    expect(text).toContain(`OS: `)
    expect(text).toContain(release())
    // The origin only: the path may name an account.
    expect(text).toContain('Environment: Production (production) at https://127.0.0.1:9\n')
    expect(text).not.toContain('merchant-7')
    expect(text).toMatch(/Scheduler limits: \{"ceiling":\d+,"concurrency":\d+/)
    expect(text).toMatch(/Scheduler state: \{"rate":/)
    expect(text).toMatch(
      /Recent errors and warnings \(last 2, oldest first\):\n {2}\S+ error Internal error: request for a\*\*\*@example\.com failed: X-Service-Api-Key: \*\*\*;/,
    )
    expect(text).toMatch(/ warn Delivery host ignored$/)
  })

  it('lists the failures the user was shown, as the log file has them', async () => {
    fixture = await startCoreFixture({ support: { log } })
    expect(await fixture.call('getPayment', { id: 'pay_does_not_exist' })).toMatchObject({ ok: false, error: { code: 'not-found' } })
    expect(await fixture.call('getPayment', { id: `pay_${email}/x` })).toMatchObject({ ok: false, error: { code: 'invalid-id' } })
    const { text } = await fixture.ok('getDiagnostics', {})
    expect(text).toMatch(/ warn getPayment failed: not-found: No payment with this ID in Local sandbox\.\n/)
    expect(text).toMatch(/ warn getPayment failed: invalid-id: /)
    expect(text).not.toContain(email)
  })

  it('says so when there is no log, and no errors', async () => {
    fixture = await startCoreFixture()
    const { text } = await fixture.ok('getDiagnostics', {})
    expect(text).toContain('App: unknown')
    expect(text).toContain('Electron: not running in Electron')
    expect(text).toContain('Environment: Local sandbox (local) at http://127.0.0.1:')
    expect(text).toContain('Log folder: none')
    expect(text).toContain('Recent errors and warnings: none')
  })
})

describe('Open logs folder', () => {
  it('asks the shell to show the log folder, and answers its path', async () => {
    fixture = await startCoreFixture({ support: { log, shell } })
    expect(await fixture.ok('openLogsFolder', {})).toEqual({ path: join(logRoot, 'logs') })
    expect(opened).toEqual([join(logRoot, 'logs')])
  })

  it('answers logs-folder-unavailable with the reason when the shell cannot show it', async () => {
    fixture = await startCoreFixture({ support: { log, shell } })
    shellProblem = 'No application is associated with the folder'
    const result = await fixture.call('openLogsFolder', {})
    expect(result).toMatchObject({ ok: false, error: { code: 'logs-folder-unavailable' } })
    expect(result.ok ? '' : result.error.message).toContain('No application is associated with the folder')
    expect(result.ok ? '' : result.error.message).toContain(join(logRoot, 'logs'))
  })

  it('answers logs-folder-unavailable without a shell or a log', async () => {
    fixture = await startCoreFixture({ support: { log } })
    expect(await fixture.call('openLogsFolder', {})).toMatchObject({ ok: false, error: { code: 'logs-folder-unavailable' } })
    await fixture.close()
    fixture = await startCoreFixture({ support: { shell } })
    expect(await fixture.call('openLogsFolder', {})).toMatchObject({ ok: false, error: { code: 'logs-folder-unavailable' } })
    expect(opened).toEqual([])
  })
})
