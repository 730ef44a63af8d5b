import { afterEach, describe, expect, it } from 'vitest'
import { defaultSettings } from '../../src/shared/contract/settings-schema'
import { startCoreFixture, type CoreFixture } from '../helpers/app-core-fixture'

// Someone at a support desk cannot change the throttle, base URLs or accounts through the app:
// the policy's role forbids it. Editing settings.json by hand, with the app closed, must not
// get around that: what the role may not change is the default's, or the policy's.

const supportPolicy = {
  version: 1,
  role: 'support',
  environments: { local: {}, production: { baseUrl: 'https://api.example.com' }, operator: {} },
  throttle: { ceiling: 20 },
}

const handEdited = {
  ...defaultSettings,
  activeEnvironment: 'operator',
  environments: { production: { baseUrl: 'https://api.example.com' }, operator: { baseUrl: 'https://evil.example.net' } },
  throttle: { ceiling: 20, concurrency: 64, headroom: 0 },
  accounts: {
    ...defaultSettings.accounts,
    production: {
      list: [
        { id: 'default', name: 'Default' },
        { id: 'shop-evil', name: 'Shop Evil' },
      ],
      active: 'shop-evil',
    },
  },
}

let fixture: CoreFixture | undefined
afterEach(async () => {
  await fixture?.close()
  fixture = undefined
})

describe('under a role that may not change a setting, settings.json cannot change it either', () => {
  it('throttle, base URL and accounts from a hand-edited file are not in force under role support', async () => {
    fixture = await startCoreFixture({ policy: supportPolicy, settingsFile: handEdited })
    const view = await fixture.ok('getSettings', {})
    // The policy fixes the ceiling; the rest of the throttle is the default, not the file's.
    expect(view.settings.throttle).toEqual({ ceiling: 20, concurrency: defaultSettings.throttle.concurrency, headroom: 0.1 })
    expect(fixture.core.scheduler.config()).toMatchObject({ ceiling: 20, concurrency: 16, headroom: 0.1 })
    expect(view.settings.environments.operator.baseUrl).toBeNull()
    const production = view.environments.find((e) => e.id === 'production')
    expect(production?.accounts.map((a) => a.name)).toEqual(['Default'])
    expect(production?.activeAccount).toBe('default')
    // One notice, on the Settings screen, that says why.
    expect(view.notice?.match(/policy overrides your settings/g)).toHaveLength(1)
    expect(view.notice).toMatch(/your role/)
    expect((await fixture.ok('getSettings', {})).notice).toBeNull()
  })

  it('the same file under role admin stays in force (an admin may change all of it)', async () => {
    fixture = await startCoreFixture({ policy: { ...supportPolicy, role: 'admin' }, settingsFile: handEdited })
    const view = await fixture.ok('getSettings', {})
    expect(view.settings.throttle).toEqual({ ceiling: 20, concurrency: 64, headroom: 0 })
    expect(view.environments.find((e) => e.id === 'production')?.accounts.map((a) => a.name)).toEqual(['Default', 'Shop Evil'])
  })
})
