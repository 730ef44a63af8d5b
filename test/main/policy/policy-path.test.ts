import { describe, expect, it } from 'vitest'
import { managedPolicyPath, policyPathVariable } from '../../../src/main/policy/policy-path'

describe('where the managed policy is read', () => {
  it.each([
    ['linux', '/etc/payments-desk/policy.json'],
    ['win32', 'C:\\ProgramData\\Payments Desk\\policy.json'],
    ['darwin', '/Library/Application Support/Payments Desk/policy.json'],
  ] as const)('%s: %s', (platform, path) => {
    expect(managedPolicyPath({ platform, env: {}, packaged: true })).toBe(path)
    expect(managedPolicyPath({ platform, env: {}, packaged: false })).toBe(path)
  })

  it('takes the variable only in an app that is not packaged', () => {
    const env = { [policyPathVariable]: '/tmp/my-policy.json' }
    expect(managedPolicyPath({ platform: 'linux', env, packaged: false })).toBe('/tmp/my-policy.json')
    expect(managedPolicyPath({ platform: 'linux', env, packaged: true })).toBe('/etc/payments-desk/policy.json')
  })

  it('ignores %ProgramData% on Windows, which a user can set for the processes they start', () => {
    const env = { ProgramData: 'C:\\Users\\me\\fake', PROGRAMDATA: 'C:\\Users\\me\\fake' }
    expect(managedPolicyPath({ platform: 'win32', env, packaged: true })).toBe('C:\\ProgramData\\Payments Desk\\policy.json')
  })
})
