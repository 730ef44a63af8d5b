import { afterEach, describe, expect, it } from 'vitest'
import { channelRoles } from '../../../src/shared/policy/channel-roles'
import type { InvokeName } from '../../../src/shared/contract/channels'
import { defaultSettings } from '../../../src/shared/contract/settings-schema'
import { startCoreFixture, type CoreFixture } from '../../helpers/app-core-fixture'

const channels = Object.keys(channelRoles) as InvokeName[]
const adminChannels = channels.filter((name) => channelRoles[name] === 'admin')
const supportChannels = channels.filter((name) => channelRoles[name] === 'support')

let fixture: CoreFixture | undefined
afterEach(async () => {
  await fixture?.close()
  fixture = undefined
})

async function start(options: Parameters<typeof startCoreFixture>[0]): Promise<CoreFixture> {
  fixture = await startCoreFixture(options)
  return fixture
}

describe('roles, enforced in the dispatcher', () => {
  it('the table holds admin-only channels, among them every webhook, checkout and key channel', () => {
    expect(adminChannels).toEqual(
      expect.arrayContaining([
        'registerWebhook',
        'revealWebhookSecret',
        'sendTestEvent',
        'createCheckout',
        'setKey',
        'deleteKey',
        'testKey',
      ]),
    )
  })

  it.each(adminChannels)('support role: %s is refused before its payload is even read', async (name) => {
    const f = await start({ policy: { version: 1, role: 'support' } })
    for (const payload of [{}, null, 'x']) {
      const result = await f.call(name, payload)
      expect(result).toMatchObject({ ok: false, error: { code: 'not-allowed-by-policy' } })
    }
    expect(f.core.requestLog.snapshot()).toEqual([])
  })

  it('support role: webhook registration cannot be reached even with a valid request through the dispatcher', async () => {
    const f = await start({ policy: { version: 1, role: 'support' } })
    const result = await f.call('registerWebhook', { url: 'https://hooks.example.org/in', connect: false })
    expect(result).toMatchObject({ ok: false, error: { code: 'not-allowed-by-policy' } })
    expect(result.ok ? '' : result.error.message).toMatch(/support role/)
    expect(f.core.requestLog.snapshot(), 'nothing reached the service').toEqual([])
    expect((await f.core.audit.list()).entries).toEqual([])
  })

  it('support role: every other channel gets past the gate (and may fail for its own reasons)', async () => {
    const f = await start({ policy: { version: 1, role: 'support' } })
    for (const name of supportChannels) {
      const result = await f.call(name, {})
      if (!result.ok) expect(result.error.code, name).not.toBe('not-allowed-by-policy')
    }
    expect(await f.ok('getPayment', { id: 'pay_not_there_1' }).catch((error: unknown) => String(error))).toMatch(/not-found/)
  })

  it('admin role in a policy: no channel is refused by the gate', async () => {
    const f = await start({ policy: { version: 1, role: 'admin' } })
    for (const name of channels) {
      if (name === 'batchOpenFile' || name === 'openLogsFolder') continue
      const result = await f.call(name, {})
      if (!result.ok) expect(result.error.code, name).not.toBe('not-allowed-by-policy')
    }
  })

  it('no policy file: admin, as before', async () => {
    const f = await start({})
    const view = await f.ok('getSettings', {})
    expect(view.policy).toEqual(
      expect.objectContaining({ source: 'none', role: 'admin', allowedEnvironments: ['local', 'production', 'operator'] }),
    )
    expect(await f.call('listWebhooks', {})).toMatchObject({ ok: true })
  })
})

describe('what the support role may change in Settings', () => {
  it('the theme and the environment among the allowed ones; not a base URL or the throttle', async () => {
    const f = await start({
      policy: { version: 1, role: 'support', environments: { local: {}, operator: { baseUrl: 'https://operator.example.org' } } },
    })
    expect((await f.ok('updateSettings', { theme: 'dark' })).settings.theme).toBe('dark')
    expect((await f.ok('updateSettings', { activeEnvironment: 'operator' })).settings.activeEnvironment).toBe('operator')
    for (const patch of [
      { activeEnvironment: 'production' },
      { baseUrl: { environment: 'operator', url: 'https://elsewhere.example.org' } },
      { throttle: { ceiling: 5 } },
      { theme: 'light', throttle: { headroom: 0.2 } },
    ]) {
      expect(await f.call('updateSettings', patch), JSON.stringify(patch)).toMatchObject({
        ok: false,
        error: { code: 'not-allowed-by-policy' },
      })
    }
    const { settings } = await f.ok('getSettings', {})
    expect(settings).toMatchObject({ theme: 'dark', activeEnvironment: 'operator', throttle: { ceiling: 100, headroom: 0.1 } })
  })
})

describe('policy beats settings', () => {
  const locking = {
    version: 1,
    role: 'admin',
    environments: { local: {}, production: { baseUrl: 'https://api.example.com' }, operator: {} },
    throttle: { ceiling: 20, headroom: 0.3 },
  }

  it("locked fields answer not-allowed-by-policy; the rest stays the admin's", async () => {
    const f = await start({ policy: locking })
    const refused = [
      ['updateSettings', { baseUrl: { environment: 'production', url: 'https://other.example.com' } }],
      ['updateSettings', { throttle: { ceiling: 50 } }],
      ['configureScheduler', { headroom: 0 }],
      ['configureScheduler', { ceiling: 21, concurrency: 4 }],
    ] as const
    for (const [name, request] of refused) {
      expect(await f.call(name, request), JSON.stringify(request)).toMatchObject({ ok: false, error: { code: 'not-allowed-by-policy' } })
    }
    // The locked value itself, or a field the policy leaves open, goes through.
    await f.ok('updateSettings', { baseUrl: { environment: 'production', url: 'https://api.example.com/' } })
    expect((await f.ok('configureScheduler', { ceiling: 20, concurrency: 4 })).config).toEqual({
      ceiling: 20,
      concurrency: 4,
      headroom: 0.3,
    })
    await f.ok('updateSettings', { baseUrl: { environment: 'operator', url: 'https://operator.example.org' } })
    expect(f.core.scheduler.config()).toMatchObject({ ceiling: 20, concurrency: 4, headroom: 0.3 })
  })

  it('keys of an environment the policy does not allow cannot be set, tested or deleted', async () => {
    const f = await start({ policy: { version: 1, role: 'admin', environments: { local: {}, operator: {} } } })
    for (const [name, request] of [
      ['setKey', { environment: 'production', key: 'service_prod_abc' }],
      ['deleteKey', { environment: 'production' }],
      ['testKey', { environment: 'production' }],
      ['updateSettings', { activeEnvironment: 'production' }],
    ] as const) {
      expect(await f.call(name, request), name).toMatchObject({ ok: false, error: { code: 'not-allowed-by-policy' } })
    }
  })

  it('a hand-edited settings.json is overridden at start, and the user is told', async () => {
    const f = await start({
      policy: locking,
      settingsFile: {
        ...defaultSettings,
        activeEnvironment: 'production',
        environments: { production: { baseUrl: 'https://evil.example.net' }, operator: { baseUrl: null } },
        throttle: { ceiling: 1_000, concurrency: 64, headroom: 0 },
      },
    })
    const view = await f.ok('getSettings', {})
    expect(view.settings.environments.production.baseUrl).toBe('https://api.example.com')
    expect(view.settings.throttle).toEqual({ ceiling: 20, concurrency: 64, headroom: 0.3 })
    expect(view.notice).toMatch(/policy overrides your settings: the base URL of Production is https:\/\/api\.example\.com/)
    expect(f.core.scheduler.config()).toMatchObject({ ceiling: 20, headroom: 0.3 })
    expect(view.policy).toMatchObject({
      source: 'file',
      role: 'admin',
      lockedBaseUrls: ['production'],
      lockedThrottle: ['ceiling', 'headroom'],
    })
  })

  it('an active environment the policy does not allow is switched to an allowed one', async () => {
    const f = await start({
      policy: { version: 1, role: 'support', environments: { local: {} } },
      settingsFile: { ...defaultSettings, activeEnvironment: 'production' },
    })
    const view = await f.ok('getSettings', {})
    expect(view.settings.activeEnvironment).toBe('local')
    expect(view.notice).toMatch(/the environment is Local sandbox, since Production is not allowed/)
    expect(await f.ok('getPayment', { id: 'pay_not_there_2' }).catch(String)).toMatch(/not-found/)
  })
})

describe('an invalid policy: the most restricted mode, never wider', () => {
  it.each([
    ['not JSON', '{ role: admin }'],
    ['an unknown key', JSON.stringify({ version: 1, role: 'admin', environmnets: {} })],
  ])('%s: support role, Local sandbox only, and the notice says why', async (_, text) => {
    const f = await start({ policy: text })
    const view = await f.ok('getSettings', {})
    expect(view.policy).toMatchObject({ source: 'restricted', role: 'support', allowedEnvironments: ['local'] })
    expect(view.notice).toMatch(/could not be used: .+ most restricted mode/)
    expect(await f.call('registerWebhook', { url: 'https://hooks.example.org/in', connect: false })).toMatchObject({
      ok: false,
      error: { code: 'not-allowed-by-policy' },
    })
    expect(await f.call('updateSettings', { activeEnvironment: 'production' })).toMatchObject({
      ok: false,
      error: { code: 'not-allowed-by-policy' },
    })
  })
})

describe('Production writes with the name typed', () => {
  it('the request must carry "Production"; then main\'s own dialog still asks', async () => {
    const asked: string[] = []
    const f = await start({
      policy: { version: 1, role: 'admin', productionWrites: 'type-environment-name' },
      confirm: {
        confirmProductionWrite: (write) => {
          asked.push(write.action)
          return Promise.resolve(false)
        },
      },
    })
    const { sandbox } = f
    await f.ok('updateSettings', { baseUrl: { environment: 'production', url: sandbox.baseUrl } })
    await f.ok('updateSettings', { activeEnvironment: 'production' })
    const hook = { url: 'https://hooks.example.org/in', connect: false }
    expect(await f.call('registerWebhook', hook)).toMatchObject({ ok: false, error: { code: 'environment-name-not-typed' } })
    expect(await f.call('registerWebhook', { ...hook, typedEnvironmentName: 'production' })).toMatchObject({
      ok: false,
      error: { code: 'environment-name-not-typed' },
    })
    expect(asked).toEqual([])
    expect(await f.call('registerWebhook', { ...hook, typedEnvironmentName: 'Production' })).toMatchObject({
      ok: false,
      error: { code: 'confirmation-declined' },
    })
    expect(asked).toEqual(['Register a webhook endpoint in Production'])
  })

  it('elsewhere than Production nothing needs typing', async () => {
    const f = await start({ policy: { version: 1, role: 'admin', productionWrites: 'type-environment-name' } })
    expect(await f.call('registerWebhook', { url: 'http://127.0.0.1:9/in', connect: false })).not.toMatchObject({
      error: { code: 'environment-name-not-typed' },
    })
  })
})

describe('the audit log names the role and the policy', () => {
  it('each entry written under a policy file ends with the role and the policy fingerprint', async () => {
    const f = await start({
      policy: { version: 1, role: 'support', environments: { local: {}, operator: { baseUrl: 'https://operator.example.org' } } },
    })
    const { policy } = await f.ok('getSettings', {})
    await f.ok('updateSettings', { activeEnvironment: 'operator' })
    const list = await f.ok('auditList', {})
    expect(list.verification.ok).toBe(true)
    expect(list.entries[0]?.detail).toMatch(new RegExp(`; role support, policy ${policy.fingerprint ?? 'missing'}$`))
  })

  it('the most restricted mode says so in each entry', async () => {
    const f = await start({ policy: '{' })
    await f.ok('updateSettings', { activeEnvironment: 'local' })
    await f.core.audit.record({ environment: 'local', action: 'environment-switched', detail: 'x' })
    const list = await f.ok('auditList', {})
    expect(list.entries[0]?.detail).toMatch(/; role support, policy unusable \([0-9a-f]{16}\), most restricted mode$/)
  })

  it('without a policy file entries read as before', async () => {
    const f = await start({})
    await f.ok('updateSettings', { activeEnvironment: 'operator' })
    expect((await f.ok('auditList', {})).entries[0]?.detail).not.toMatch(/role/)
  })
})
