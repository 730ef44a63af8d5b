import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startCoreFixture, type CoreFixture } from '../helpers/app-core-fixture'

// An account named with a Cyrillic "Ѕ", a Greek "ο" or a fullwidth "Ｓ" beside "Shop Two" lets
// a link open the impostor: payments-desk://payment/…?account=%D0%85hop%20Two looks like a
// link to Shop Two. Such names are refused, as are names that mix scripts.

let fixture: CoreFixture

async function productionAccounts(): Promise<string[]> {
  const view = await fixture.ok('getSettings', {})
  return view.environments.find((e) => e.id === 'production')?.accounts.map((a) => a.name) ?? []
}

beforeEach(async () => {
  fixture = await startCoreFixture()
  await fixture.ok('updateSettings', { baseUrl: { environment: 'production', url: 'https://api.example.com' } })
  await fixture.ok('addAccount', { environment: 'production', name: 'Shop Two' })
})
afterEach(async () => {
  await fixture.close()
})

describe('an account name that looks like another, or mixes scripts, is refused', () => {
  it.each([
    ['Cyrillic Ѕ', null, '\u0405hop Two'],
    ['Greek ο', null, 'Sh\u03bfp Two'],
    ['fullwidth Ｓ', null, '\uff33hop Two'],
    ['digit zero for o', null, 'Shop Tw0'],
    ['rn for m', 'Farm Shop', 'Farrn Shop'],
  ])('%s: invalid-account-name, the message names the account it looks like', async (_, existing, name) => {
    if (existing) await fixture.ok('addAccount', { environment: 'production', name: existing })
    const result = await fixture.call('addAccount', { environment: 'production', name })
    expect(result.ok ? `added ${name}` : result.error.code).toBe('invalid-account-name')
    expect(result.ok ? '' : result.error.message).toContain(`looks like "${existing ?? 'Shop Two'}"`)
  })

  it.each([
    ['Latin and Cyrillic', 'Shop \u041c\u043e\u0441\u043a\u0432\u0430'],
    ['Latin and Greek', 'Shop \u0391\u03b8\u03ae\u03bd\u03b1'],
    ['Cyrillic and Armenian', '\u041c\u0430\u0433\u0430\u0437\u0438\u043d \u0535\u0580\u0587\u0561\u0576'],
  ])('%s in one name: refused', async (_, name) => {
    const result = await fixture.call('addAccount', { environment: 'production', name })
    expect(result.ok ? `added ${name}` : result.error.code).toBe('invalid-account-name')
    expect(result.ok ? '' : result.error.message).toMatch(/scripts/)
  })

  it('names in one script, or Latin with Han, stay welcome', async () => {
    for (const name of ['Café Zürich', '\u041c\u0430\u0433\u0430\u0437\u0438\u043d \u0414\u0432\u0430', 'Shop \u6771\u4eac', 'Shop 3'])
      await fixture.ok('addAccount', { environment: 'production', name })
    expect(await productionAccounts()).toEqual(['Default', 'Shop Two', 'Café Zürich', 'Магазин Два', 'Shop 東京', 'Shop 3'])
  })

  it('a link naming the look-alike opens nothing', async () => {
    await fixture.call('addAccount', { environment: 'production', name: '\u0405hop Two' })
    await fixture.ok('updateSettings', { activeEnvironment: 'production' })
    fixture.core.links.receive('payments-desk://payment/pay_x?account=%D0%85hop%20Two')
    const opened = await fixture.call('takePaymentLink', {})
    expect(opened).toMatchObject({ ok: false, error: { code: 'link-account-unknown' } })
    expect(await productionAccounts()).toEqual(['Default', 'Shop Two'])
  })
})
