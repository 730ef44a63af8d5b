import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createAppCore, type AppCore } from '../../../src/main/app-core'
import { createMemoryStore } from '../../../src/main/secrets/keychain'
import { settingsFileName } from '../../../src/main/settings/settings-store'
import { defaultSettings } from '../../../src/shared/contract/settings-schema'
import type { InvokeName } from '../../../src/shared/contract/channels'
import { startSandbox, type RunningSandbox } from '../../../src/sandbox'
import { appSender } from '../../helpers/app-core-fixture'

// A notice (a damaged file set aside at start) is told once, by the Settings view the
// screen shows. Channels whose answer carries no notice must leave it pending for that view.

const cores: AppCore[] = []
const dirs: string[] = []
const sandboxes: RunningSandbox[] = []
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close()
  for (const sandbox of sandboxes.splice(0)) await sandbox.close()
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})

/** A data folder whose webhooks.json is damaged: the core starts with a notice pending. */
async function folderWithNotice(settings: object | null): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'payments-desk-notices-'))
  dirs.push(dataDir)
  await writeFile(join(dataDir, 'webhooks.json'), '{"version": 1, "endpoints": [')
  if (settings) await writeFile(join(dataDir, settingsFileName), JSON.stringify(settings))
  return dataDir
}

async function call(core: AppCore, name: InvokeName, request: unknown): Promise<unknown> {
  const result = await core.dispatcher.dispatch(name, appSender, request)
  if (!result.ok) throw new Error(`${name}: ${result.error.code}: ${result.error.message}`)
  return result.value
}

const noticeOf = (view: unknown) => (view as { notice: string | null }).notice

describe('notices pending at start', () => {
  it('survive saving the scheduler settings, and reach the next Settings view', async () => {
    const sandbox = await startSandbox({ rateLimit: { rate: 0 } })
    sandboxes.push(sandbox)
    const core = await createAppCore({
      dataDir: await folderWithNotice(null),
      secrets: createMemoryStore(),
      localService: sandbox,
      isTrustedSender: () => true,
    })
    cores.push(core)

    const scheduler = await call(core, 'configureScheduler', { ceiling: 40 })
    expect(scheduler).toMatchObject({ config: { ceiling: 40 } })
    expect(noticeOf(await call(core, 'getSettings', {})) ?? 'no notice').toContain('webhook endpoints could not be read')
    // Told once: the view that showed it took it.
    expect(noticeOf(await call(core, 'getSettings', {}))).toBeNull()
  })

  it('reach the answer of the switch to the local sandbox, which starts it on the way', async () => {
    const dataDir = await folderWithNotice({ ...defaultSettings, activeEnvironment: 'production' })
    const core = await createAppCore({ dataDir, secrets: createMemoryStore(), localService: 'start', isTrustedSender: () => true })
    cores.push(core)
    expect(core.localService).toBeNull()

    const view = await call(core, 'updateSettings', { activeEnvironment: 'local' })
    expect(core.localService).not.toBeNull()
    expect(noticeOf(view) ?? 'no notice').toContain('webhook endpoints could not be read')
  })
})
