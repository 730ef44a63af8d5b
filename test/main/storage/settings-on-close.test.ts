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
import { waitFor } from '../../helpers/wait-for'

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

/** A core on a small disk turned read-only, and a lookup just made: its ID is to be saved a moment later. */
async function lookUpOnReadOnlyDisk(withLog: AppLog): Promise<AppCore> {
  disk = await mountSmallDisk(512)
  sandbox = await startSandbox({ rateLimit: { rate: 0 } })
  const core = await createAppCore({
    dataDir: disk.path,
    secrets: createMemoryStore(),
    localService: sandbox,
    isTrustedSender: () => true,
    log: withLog,
  })
  await disk.setReadOnly(true)
  const lookup = await core.dispatcher.dispatch('getPayment', appSender, { id: 'pay_seed_card_declined' })
  expect(lookup.ok).toBe(true)
  return core
}

async function openLog(): Promise<AppLog> {
  const logDir = await mkdtemp(join(tmpdir(), 'payments-desk-close-log-'))
  dirs.push(logDir)
  log = await createAppLog({ dir: logDir })
  return log
}

describe.runIf(diskTestsRun)('a settings write that fails (needs root to mount a tmpfs)', () => {
  it('on quit: is written to the log, saying what was not saved and why, and the app still closes', async () => {
    const appLog = await openLog()
    const core = await lookUpOnReadOnlyDisk(appLog)

    await core.close()
    const problems = (await appLog.recentProblems(10)).join('\n')
    expect(problems).toMatch(/last settings change was not saved on quit.*read-only/i)
  })

  it('while the app runs: the lookup succeeds, and the log says why it is not in the recent lookups', async () => {
    const appLog = await openLog()
    const core = await lookUpOnReadOnlyDisk(appLog)

    const problems = await waitFor(async () => (await appLog.recentProblems(10)).find((line) => line.includes('recent lookups')), {
      what: 'the failed save in the log',
    })
    expect(problems).toContain('read-only')
    await core.close()
  })
})
