import { describe, expect, it } from 'vitest'
import { overriddenNotice, settingsUnderPolicy } from '../../../src/main/policy/apply-policy'
import { noPolicy, policyFromFile, restrictedPolicy } from '../../../src/main/policy/policy'
import { defaultSettings, type Settings } from '../../../src/shared/contract/settings-schema'

const handEdited: Settings = {
  ...defaultSettings,
  activeEnvironment: 'operator',
  environments: { production: { baseUrl: 'https://evil.example.net' }, operator: { baseUrl: 'https://operator.example.org' } },
  throttle: { ceiling: 1_000, concurrency: 64, headroom: 0 },
}

describe('settings under the policy', () => {
  it('no policy: the settings as they are', () => {
    expect(settingsUnderPolicy(handEdited, noPolicy)).toEqual({ settings: handEdited, changes: [] })
  })

  it('a policy beats a hand-edited settings.json: environment, base URL, throttle', () => {
    const policy = policyFromFile(
      {
        version: 1,
        // An admin may change what the policy leaves open (under support, see test/security/role-locked-settings.test.ts).
        role: 'admin',
        environments: { production: { baseUrl: 'https://api.example.com/' } },
        throttle: { ceiling: 20, headroom: 0.3 },
      },
      '/etc/payments-desk/policy.json',
      '0123456789abcdef',
    )
    const { settings, changes } = settingsUnderPolicy(handEdited, policy)
    expect(settings.activeEnvironment).toBe('production')
    expect(settings.environments).toEqual({
      production: { baseUrl: 'https://api.example.com' },
      // Not allowed, so never used: left as it was.
      operator: { baseUrl: 'https://operator.example.org' },
    })
    expect(settings.throttle).toEqual({ ceiling: 20, concurrency: 64, headroom: 0.3 })
    expect(changes).toHaveLength(4)
    expect(overriddenNotice(changes)).toMatch(/^Your organisation's policy overrides your settings: the environment is Production/)
  })

  it('the most restricted mode: back to the Local sandbox', () => {
    const { settings } = settingsUnderPolicy(handEdited, restrictedPolicy('/p', 'it is not valid JSON'))
    expect(settings.activeEnvironment).toBe('local')
  })

  it('nothing to say when the settings already agree', () => {
    expect(overriddenNotice(settingsUnderPolicy(defaultSettings, restrictedPolicy('/p', 'x')).changes)).toBeNull()
  })
})
