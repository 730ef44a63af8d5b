import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createAppCore, type AppCore } from '../../../src/main/app-core'
import { createMemoryStore } from '../../../src/main/secrets/keychain'
import { appSender } from '../../helpers/app-core-fixture'

// The app's own in-process sandbox ('start', as src/main/index.ts asks for it): it runs
// only while the local environment is in use, and it stops with the app.

const cores: AppCore[] = []
const dirs: string[] = []
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close()
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})

async function open(dataDir: string): Promise<AppCore> {
  const core = await createAppCore({ dataDir, secrets: createMemoryStore(), localService: 'start', isTrustedSender: () => true })
  cores.push(core)
  return core
}

async function localBaseUrl(core: AppCore): Promise<string | null | undefined> {
  const result = await core.dispatcher.dispatch('getSettings', appSender, {})
  if (!result.ok) throw new Error(result.error.message)
  return (result.value as { environments: { id: string; baseUrl: string | null }[] }).environments.find((env) => env.id === 'local')
    ?.baseUrl
}

describe('the in-process local sandbox', () => {
  it('starts with the app when the local sandbox is the active environment, answers lookups, and stops with the app', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'payments-desk-local-'))
    dirs.push(dataDir)
    const core = await open(dataDir)
    const running = core.localService
    expect(running?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await localBaseUrl(core)).toBe(running?.baseUrl)
    const lookup = await core.dispatcher.dispatch('getPayment', appSender, { id: 'pay_seed_card_declined' })
    expect(lookup.ok).toBe(true)

    await core.close()
    cores.splice(cores.indexOf(core), 1)
    await expect(fetch(`${running?.baseUrl ?? ''}/health`)).rejects.toThrow()
  })

  it('does not run while another environment is active, and starts on the switch to it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'payments-desk-local-'))
    dirs.push(dataDir)
    const first = await open(dataDir)
    expect((await first.dispatcher.dispatch('updateSettings', appSender, { activeEnvironment: 'production' })).ok).toBe(true)
    await first.close()
    cores.splice(cores.indexOf(first), 1)

    const core = await open(dataDir)
    expect(core.localService).toBeNull()
    expect(await localBaseUrl(core)).toBeNull()

    const switched = await core.dispatcher.dispatch('updateSettings', appSender, { activeEnvironment: 'local' })
    expect(switched.ok).toBe(true)
    expect(core.localService?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await localBaseUrl(core)).toBe(core.localService?.baseUrl)
    expect((await core.dispatcher.dispatch('getPayment', appSender, { id: 'pay_seed_settled_1' })).ok).toBe(true)
  })

  it('answers sandbox-not-running, not a network error, when the sandbox is not there to start', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'payments-desk-local-'))
    dirs.push(dataDir)
    const first = await open(dataDir)
    expect((await first.dispatcher.dispatch('updateSettings', appSender, { activeEnvironment: 'production' })).ok).toBe(true)
    await first.close()
    cores.splice(cores.indexOf(first), 1)
    // A closing app starts no sandbox: a late call for the local one is refused with its own code.
    const result = await first.dispatcher.dispatch('testKey', appSender, { environment: 'local' })
    expect(result).toEqual({
      ok: false,
      error: { code: 'sandbox-not-running', message: 'The local sandbox is not running. Restart Payments Desk to start it again.' },
    })
  })
})
