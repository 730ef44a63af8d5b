import { describe, expect, it } from 'vitest'
import { accountKey, checkAccountName, environmentOfKey, findAccount, newAccountId } from '../../src/shared/accounts'
import { environmentIds } from '../../src/shared/environments'
import { seededRandom } from '../../src/sandbox/faults'
import { defaultEnvironmentAccounts } from '../../src/shared/contract/account-schema'
import { paymentLink, parsePaymentLink } from '../../src/shared/links/payment-link'
import { settingsSchema } from '../../src/shared/contract/settings-schema'

const existing = [
  { id: 'default', name: 'Default' },
  { id: 'shop-fr', name: 'Shop FR' },
]

describe('account names', () => {
  it.each([
    ['', /Enter a name/],
    ['shop fr', /already an account named/],
    ['DEFAULT', /already an account named/],
    ['Shop\u202eRF', /invisible or control characters/],
    ['Cafe\u0301', /usual \(composed\) form/],
    ['x'.repeat(61), /longer than 60/],
  ])('refuses %j', (name, message) => {
    const checked = checkAccountName(name, existing)
    expect(checked.ok).toBe(false)
    if (!checked.ok) expect(checked.message).toMatch(message)
  })

  it('accepts a name a link can carry and that opens the same account again', () => {
    const checked = checkAccountName('  Boutique Café ', existing)
    expect(checked).toEqual({ ok: true, name: 'Boutique Café' })
    const parsed = parsePaymentLink(paymentLink('pay_1', 'Boutique Café'))
    expect(parsed.ok && parsed.account).toBe('Boutique Café')
  })

  it('refuses a 21st account', () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ id: `a${i}`, name: `A${i}` }))
    expect(checkAccountName('One more', many)).toMatchObject({ ok: false, message: /at most 20/ })
  })
})

describe('account IDs', () => {
  it('are the name in lower-case ASCII, unique in the environment', () => {
    expect(newAccountId('Shop DE', existing)).toBe('shop-de')
    expect(newAccountId('Shop FR!', existing)).toBe('shop-fr-2')
    expect(newAccountId('Boutique Café', existing)).toBe('boutique-cafe')
    expect(newAccountId('日本', existing)).toBe('account')
  })

  it('finds an account by ID or by name in any case', () => {
    expect(findAccount(existing, 'shop-fr')?.name).toBe('Shop FR')
    expect(findAccount(existing, 'SHOP fr')?.id).toBe('shop-fr')
    expect(findAccount(existing, 'Shop DE')).toBeNull()
  })
})

describe('settings from before accounts', () => {
  it('give every environment its Default account', () => {
    const old = {
      version: 1,
      activeEnvironment: 'production',
      environments: { production: { baseUrl: 'https://api.example.com' }, operator: { baseUrl: null } },
      throttle: { ceiling: 100, concurrency: 16 },
      recentLookups: [],
      theme: 'system',
    }
    expect(settingsSchema.parse(old).accounts.production).toEqual(defaultEnvironmentAccounts)
  })

  it('refuse two accounts with one ID (a hand-edited file)', () => {
    const edited = {
      list: [
        { id: 'default', name: 'Default' },
        { id: 'default', name: 'Shop FR' },
      ],
      active: 'default',
    }
    const parsed = settingsSchema.safeParse({
      version: 1,
      activeEnvironment: 'local',
      environments: { production: { baseUrl: null }, operator: { baseUrl: null } },
      accounts: { local: defaultEnvironmentAccounts, production: edited, operator: defaultEnvironmentAccounts },
      throttle: { ceiling: 100, concurrency: 16, headroom: 0.1 },
      recentLookups: [],
      theme: 'system',
    })
    expect(parsed.success).toBe(false)
  })
})

describe('account keys', () => {
  it('name the environment they were made for, whatever the account is called', () => {
    const random = seededRandom(4217)
    for (let i = 0; i < 200; i++) {
      const environment = environmentIds[Math.floor(random() * environmentIds.length)] ?? 'local'
      const name = Array.from({ length: 1 + Math.floor(random() * 30) }, () => String.fromCharCode(32 + Math.floor(random() * 95))).join('')
      const key = accountKey({ environment, account: newAccountId(name, []) })
      expect(environmentOfKey(key), `seed 4217, ${JSON.stringify(name)}`).toBe(environment)
    }
  })

  it('name none for a string no key was made from', () => {
    for (const text of ['', 'local', 'staging/default', 'Local/default', '/default', 'localx/default'])
      expect(environmentOfKey(text)).toBeNull()
  })
})
