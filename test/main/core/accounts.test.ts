import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { apiKeyAccount } from '../../../src/main/secrets/keychain'
import { seedIds } from '../../../src/sandbox'
import { accountKey } from '../../../src/shared/accounts'
import { appSender, startCoreFixture, type CoreFixture } from '../../helpers/app-core-fixture'
import { closeRestarted, restartCore } from '../../helpers/core-restart'

// Several merchant accounts in one environment, through the IPC handlers as the window calls
// them. The fixture's sandbox serves two merchants; the operator environment points at it,
// with Default holding the first merchant's key and "Shop FR" the second's.

describe('several merchant accounts per environment', () => {
  let fixture: CoreFixture
  const secondKey = () => fixture.sandbox.merchants[1]?.apiKey ?? ''

  beforeEach(async () => {
    fixture = await startCoreFixture()
    await fixture.ok('updateSettings', {
      activeEnvironment: 'operator',
      baseUrl: { environment: 'operator', url: fixture.sandbox.baseUrl },
    })
    await fixture.ok('setKey', { environment: 'operator', key: fixture.sandbox.apiKey })
    await fixture.ok('addAccount', { environment: 'operator', name: 'Shop FR' })
    await fixture.ok('setKey', { environment: 'operator', account: 'shop-fr', key: secondKey() })
  })
  afterEach(async () => {
    await fixture.close()
  })

  const operator = async () => (await fixture.ok('getSettings', {})).environments.find((env) => env.id === 'operator')

  it('keeps one keychain item per account, each bound to the base URL, Default under its old name', async () => {
    expect((await operator())?.accounts).toEqual([
      { id: 'default', name: 'Default', hasKey: true },
      { id: 'shop-fr', name: 'Shop FR', hasKey: true },
    ])
    expect(apiKeyAccount('operator')).toBe('api-key:operator')
    expect(JSON.parse((await fixture.secrets.get(apiKeyAccount('operator', 'shop-fr'))) ?? '{}')).toEqual({
      origin: new URL(fixture.sandbox.baseUrl).origin,
      key: secondKey(),
    })
  })

  it('looks up in the account in use: switching is one call, and the lookup names its account', async () => {
    const inDefault = await fixture.call('getPayment', { id: seedIds.secondShop.settled })
    expect(inDefault.ok ? 'found' : inDefault.error.code).toBe('not-found')
    await fixture.ok('updateSettings', { activeAccount: { environment: 'operator', account: 'shop-fr' } })
    const lookup = await fixture.ok('getPayment', { id: seedIds.secondShop.settled })
    expect(lookup.account).toEqual({ id: 'shop-fr', name: 'Shop FR' })
    expect(lookup.payment.status).toBe('settled')
    const log = await fixture.ok('getRequestLog', {})
    expect(log.slice(-2).map((entry) => [entry.account, entry.status])).toEqual([
      ['Default', 404],
      ['Shop FR', 200],
    ])
  })

  it('finds a payment in whichever account holds it, looking in every one', async () => {
    const findings = await fixture.ok('findPaymentInAccounts', { id: seedIds.secondShop.failed })
    expect(findings.map((f) => [f.account.name, f.lookup?.payment.status ?? null, f.error])).toEqual([
      ['Default', null, null],
      ['Shop FR', 'failed', null],
    ])
    // Not remembered as a recent lookup: the agent looked for it, and did not open it.
    expect((await fixture.ok('getSettings', {})).settings.recentLookups).toEqual([])
  })

  it('says which account could not look, without hiding what the others found', async () => {
    await fixture.ok('addAccount', { environment: 'operator', name: 'Shop ES' })
    const findings = await fixture.ok('findPaymentInAccounts', { id: 'pay_seed_card_declined' })
    expect(findings.map((f) => [f.account.name, f.lookup ? 'found' : (f.error?.code ?? 'not-found')])).toEqual([
      ['Default', 'found'],
      ['Shop FR', 'not-found'],
      ['Shop ES', 'no-key'],
    ])
  })

  it('gives every account a scheduler of its own, so one key meeting its limit does not slow another', async () => {
    const { schedulers } = fixture.core
    await fixture.ok('findPaymentInAccounts', { id: 'pay_seed_card_declined' })
    const defaultScheduler = schedulers.for(accountKey({ environment: 'operator', account: 'default' }))
    const shopScheduler = schedulers.for(accountKey({ environment: 'operator', account: 'shop-fr' }))
    expect(defaultScheduler).not.toBe(shopScheduler)
    // A Retry-After on Default's key holds Default's queue only.
    await defaultScheduler.schedule(
      (ctx) => {
        ctx.report('rate-limited', 60_000)
        return Promise.resolve()
      },
      { priority: 'interactive' },
    )
    expect(defaultScheduler.state().pausedUntil).not.toBeNull()
    expect(shopScheduler.state().pausedUntil).toBeNull()
    await fixture.ok('updateSettings', { activeAccount: { environment: 'operator', account: 'shop-fr' } })
    expect((await fixture.ok('getScheduler', {})).state.pausedUntil).toBeNull()
    expect((await fixture.ok('getPayment', { id: seedIds.secondShop.failed })).payment.status).toBe('failed')
  })

  it('runs a batch in the account in use when it started, and exports that account with every row', async () => {
    await fixture.ok('updateSettings', { activeAccount: { environment: 'operator', account: 'shop-fr' } })
    const job = await fixture.ok('batchStart', { ids: [seedIds.secondShop.settled, 'pay_seed_card_declined'], label: 'FR' })
    expect(job.account).toEqual({ id: 'shop-fr', name: 'Shop FR' })
    await fixture.ok('updateSettings', { activeAccount: { environment: 'operator', account: 'default' } })
    let results = await fixture.ok('batchResults', { jobId: job.id })
    for (let i = 0; i < 100 && results.length < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      results = await fixture.ok('batchResults', { jobId: job.id })
    }
    expect(Object.fromEntries(results.map((r) => [r.id, r.outcome]))).toEqual({
      [seedIds.secondShop.settled]: 'found',
      pay_seed_card_declined: 'not-found',
    })
  })

  it('writes the account into the audit log for key changes, additions, switches and removals', async () => {
    await fixture.ok('updateSettings', { activeAccount: { environment: 'operator', account: 'shop-fr' } })
    await fixture.ok('removeAccount', { environment: 'operator', account: 'shop-fr' })
    const entries = (await fixture.ok('auditList', {})).entries.reverse()
    expect(entries.filter((e) => e.account === 'Shop FR').map((e) => e.action)).toEqual([
      'account-added',
      'key-set',
      'account-switched',
      'account-removed',
    ])
  })

  it('removes an account with its key, goes back to Default, and keeps Default whatever is asked', async () => {
    await fixture.ok('updateSettings', { activeAccount: { environment: 'operator', account: 'shop-fr' } })
    const view = await fixture.ok('removeAccount', { environment: 'operator', account: 'shop-fr' })
    expect(view.environments.find((env) => env.id === 'operator')?.activeAccount).toBe('default')
    expect(await fixture.secrets.get(apiKeyAccount('operator', 'shop-fr'))).toBeNull()
    const kept = await fixture.call('removeAccount', { environment: 'operator', account: 'default' })
    expect(kept.ok ? 'removed' : kept.error.code).toBe('default-account-kept')
    const gone = await fixture.call('removeAccount', { environment: 'operator', account: 'shop-fr' })
    expect(gone.ok ? 'removed' : gone.error.code).toBe('account-not-found')
    const unknown = await fixture.call('updateSettings', { activeAccount: { environment: 'operator', account: 'shop-fr' } })
    expect(unknown.ok ? 'switched' : unknown.error.code).toBe('account-not-found')
  })

  it('refuses names that are empty, taken (in any case), or that would look like another in a link', async () => {
    for (const name of ['  ', 'shop fr', 'DEFAULT', 'Shop\u202eRF', 'Cafe\u0301', 'x'.repeat(61)]) {
      const result = await fixture.call('addAccount', { environment: 'operator', name })
      expect(result.ok ? `added ${name}` : result.error.code).toBe('invalid-account-name')
    }
    expect((await operator())?.accounts.map((a) => a.name)).toEqual(['Default', 'Shop FR'])
  })

  it('removes the key of every account when the base URL moves to another host', async () => {
    await fixture.ok('updateSettings', { baseUrl: { environment: 'operator', url: 'https://elsewhere.example.com' } })
    expect((await operator())?.accounts.map((a) => a.hasKey)).toEqual([false, false])
    expect(await fixture.secrets.get(apiKeyAccount('operator', 'shop-fr'))).toBeNull()
  })

  it('opens a link naming an account in that account', async () => {
    fixture.core.links.receive(`payments-desk://payment/${seedIds.secondShop.settled}?account=Shop%20FR`)
    const opening = await fixture.ok('takePaymentLink', {})
    expect(opening?.account).toEqual({ id: 'shop-fr', name: 'Shop FR' })
    expect((await operator())?.activeAccount).toBe('shop-fr')
  })
})

describe('the local sandbox', () => {
  it('serves its two merchants as two accounts, with no key to enter', async () => {
    const fixture = await startCoreFixture()
    try {
      const local = (await fixture.ok('getSettings', {})).environments.find((env) => env.id === 'local')
      expect(local?.accounts.map((a) => [a.name, a.hasKey])).toEqual([
        ['Default', true],
        ['Second shop', true],
      ])
      const findings = await fixture.ok('findPaymentInAccounts', { id: seedIds.secondShop.settled })
      expect(findings.map((f) => f.lookup !== null)).toEqual([false, true])
    } finally {
      await fixture.close()
    }
  })
})

describe('a settings file edited by hand', () => {
  it('sends a removed account’s key nowhere: an active account the list does not hold falls back to Default', async () => {
    const fixture = await startCoreFixture()
    await fixture.ok('updateSettings', {
      activeEnvironment: 'operator',
      baseUrl: { environment: 'operator', url: fixture.sandbox.baseUrl },
    })
    await fixture.ok('setKey', { environment: 'operator', key: fixture.sandbox.apiKey })
    const core = await restartCore(fixture, async () => {
      const path = join(fixture.dataDir, 'settings.json')
      const settings = JSON.parse(await readFile(path, 'utf8')) as { accounts?: unknown }
      settings.accounts = {
        local: { list: [{ id: 'default', name: 'Default' }], active: 'default' },
        production: { list: [{ id: 'default', name: 'Default' }], active: 'default' },
        operator: { list: [{ id: 'default', name: 'Default' }], active: 'ghost' },
      }
      await writeFile(path, JSON.stringify(settings))
    })
    try {
      const view = (await core.handlers.getSettings({})).environments.find((env) => env.id === 'operator')
      expect(view?.activeAccount).toBe('default')
      const lookup = await core.dispatcher.dispatch('getPayment', appSender, { id: 'pay_seed_card_declined' })
      expect(lookup.ok && (lookup.value as { account: { name: string } }).account.name).toBe('Default')
    } finally {
      await closeRestarted(fixture, core)
    }
  })
})
