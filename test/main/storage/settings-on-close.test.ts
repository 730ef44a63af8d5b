import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createAppCore, type AppCore } from '../../../src/main/app-core'
import { createAppLog, type AppLog } from '../../../src/main/logging/app-log'
import { createMemoryStore } from '../../../src/main/secrets/keychain'
import { startSandbox, type RunningSandbox } from '../../../src/sandbox'
import { appSender } from '../../helpers/app-core-fixture'
import { diskTestsRun, mountSmallDisk, type SmallDisk } from '../../helpers/small-disk'

// A lookup remembers its ID a moment later (settings.json's recent lookups); quitting in
// that moment saves it at once. When that save fails, the user must be able to find out why.

let disk: SmallDisk | undefined
let sandbox: RunningSandbox | undefined
let log: AppLog | undefined
const dirs: string[] = []
afterEach(async () => {
  await log?.close()
  log = undefined
  await disk?.unmount()
  disk = undefined
  await sandbox?.close()
  sandbox = undefined
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})

/** A core on a small disk, a lookup just made (its save deferred), then the disk turned read-only. */
async function quitWithUnsavedLookup(withLog: AppLog | undefined): Promise<AppCore> {
  disk = await mountSmallDisk(512)
  sandbox = await startSandbox({ rateLimit: { rate: 0 } })
  const core = await createAppCore({
    dataDir: disk.path,
    secrets: createMemoryStore(),
    localService: sandbox,
    isTrustedSender: () => true,
    ...(withLog ? { log: withLog } : {}),
  })
  const lookup = await core.dispatcher.dispatch('getPayment', appSender, { id: 'pay_seed_card_declined' })
  expect(lookup.ok).toBe(true)
  await disk.setReadOnly(true)
  return core
}

describe.runIf(diskTestsRun)('a settings write that fails on quit (needs root to mount a tmpfs)', () => {
  it('is written to the log, saying what was not saved and why, and the app still closes', async () => {
    const logDir = await mkdtemp(join(tmpdir(), 'payments-desk-close-log-'))
    dirs.push(logDir)
    log = await createAppLog({ dir: logDir })
    const core = await quitWithUnsavedLookup(log)

    await core.close()
    const problems = (await log.recentProblems(10)).join('\n')
    expect(problems).toMatch(/last settings change.*not saved/i)
    expect(problems).toContain('read-only')
  })

  it('without a log, makes close() fail with the reason once everything is closed', async () => {
    const core = await quitWithUnsavedLookup(undefined)
    await expect(core.close()).rejects.toThrow(/read-only/)
  })
})
