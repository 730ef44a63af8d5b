import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createAppCore, type AppCore } from '../../src/main/app-core'
import { createMemoryStore } from '../../src/main/secrets/keychain'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
import { waitForStatus } from '../main/batch/batch-helpers'

// SECURITY.md promises another user on the machine cannot read the data folder (settings,
// the audit log, batch results with customer e-mails): it must be 0700 however it came to
// exist. Electron creates userData itself, with the umask's mode (0755 by default).

const posix = process.platform !== 'win32'

let parent: string
let sandbox: RunningSandbox
let core: AppCore | null = null

beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), 'payments-desk-mode-'))
  sandbox = await startSandbox({ rateLimit: { rate: 0 } })
})
afterEach(async () => {
  await core?.close()
  core = null
  await sandbox.close()
  await rm(parent, { recursive: true, force: true })
})

function start(dataDir: string): Promise<AppCore> {
  return createAppCore({ dataDir, secrets: createMemoryStore(), localService: sandbox, isTrustedSender: () => true })
}

async function mode(path: string): Promise<number> {
  return (await stat(path)).mode & 0o777
}

describe.runIf(posix)('the data folder is private (0700) once the core has started', () => {
  it('when the core creates it', async () => {
    const dataDir = join(parent, 'Payments Desk')
    core = await start(dataDir)
    expect((await mode(dataDir)).toString(8)).toBe('700')
  })

  it('when it already exists as 0755, with 0755 subfolders and 0644 files from an earlier version', async () => {
    const dataDir = join(parent, 'existing')
    const jobDir = join(dataDir, 'batches', 'old-job')
    await mkdir(jobDir, { recursive: true })
    await writeFile(join(jobDir, 'notes.txt'), 'customer e-mails live in folders like this one')
    for (const dir of [dataDir, join(dataDir, 'batches'), jobDir]) await chmod(dir, 0o755)
    await chmod(join(jobDir, 'notes.txt'), 0o644)

    core = await start(dataDir)
    expect((await mode(dataDir)).toString(8)).toBe('700')
    expect((await mode(join(dataDir, 'batches'))).toString(8)).toBe('700')
    expect((await mode(jobDir)).toString(8)).toBe('700')
    expect((await mode(join(jobDir, 'notes.txt'))).toString(8)).toBe('600')
  })

  it('and the folders and files it writes later are private too', async () => {
    const dataDir = join(parent, 'later')
    core = await start(dataDir)
    const job = await core.batches.start(['pay_seed_settled_1'], 'one')
    await waitForStatus(core, job.id, 'completed')
    expect((await mode(join(dataDir, 'batches'))).toString(8)).toBe('700')
    expect((await mode(join(dataDir, 'batches', job.id))).toString(8)).toBe('700')
    await core.handlers.updateSettings({ theme: 'dark' })
    expect((await mode(join(dataDir, 'settings.json'))).toString(8)).toBe('600')
  })
})
