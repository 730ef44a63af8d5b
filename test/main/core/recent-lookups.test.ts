import { afterEach, describe, expect, it } from 'vitest'
import { seedIds } from '../../../src/sandbox'
import { startCoreFixture, type CoreFixture } from '../../helpers/app-core-fixture'

// Recent lookups through the IPC handlers as the window calls them: each is kept with the
// environment and account it was looked up in, so the sandbox's IDs never reach Production's list.

describe('recent lookups', () => {
  let fixture: CoreFixture | undefined
  afterEach(async () => {
    await fixture?.close()
    fixture = undefined
  })

  const recent = async (core: CoreFixture) => (await core.ok('getSettings', {})).settings.recentLookups

  it('keeps where each lookup was made, so a list for Production holds none of the sandbox', async () => {
    const core = (fixture = await startCoreFixture())
    await core.ok('getPayment', { id: seedIds.failed('card_declined') })
    const second = (await core.ok('getSettings', {})).environments.find((env) => env.id === 'local')?.accounts[1]
    if (!second) throw new Error('the local sandbox serves a second shop')
    await core.ok('updateSettings', { activeAccount: { environment: 'local', account: second.id } })
    await core.ok('getPayment', { id: seedIds.secondShop.failed })
    expect(await recent(core)).toEqual([
      { id: seedIds.secondShop.failed, environment: 'local', account: second.id },
      { id: seedIds.failed('card_declined'), environment: 'local', account: 'default' },
    ])
    await core.ok('updateSettings', { activeEnvironment: 'production' })
    expect((await recent(core)).filter((entry) => entry.environment === 'production')).toEqual([])
  })

  it('loads a settings file from before, leaving out its bare IDs (where they were looked up is unknown) and keeping the rest', async () => {
    const core = (fixture = await startCoreFixture({
      settingsFile: {
        version: 1,
        activeEnvironment: 'production',
        environments: { production: { baseUrl: 'https://api.example.com' }, operator: { baseUrl: null } },
        throttle: { ceiling: 25, concurrency: 2 },
        recentLookups: ['pay_seed_card_declined', 'pay_seed_settled_1'],
        theme: 'dark',
      },
    }))
    const view = await core.ok('getSettings', {})
    expect(view.notice).toBeNull()
    expect(view.settings).toMatchObject({ activeEnvironment: 'production', theme: 'dark', recentLookups: [] })
  })
})
