import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AppCore } from '../../../src/main/app-core'
import { startSandbox, type RunningSandbox } from '../../../src/sandbox'
import { appSender } from '../../helpers/app-core-fixture'
import { bulkIds, expectOneResultEach, reopenCore, waitForStatus } from '../batch/batch-helpers'

// The whole app started on a data folder it cannot fully use: it must start, say what
// it set aside and why, keep every byte it could not read, and refuse to save with a
// message the user can act on, instead of failing to open its window.

let sandbox: RunningSandbox
let dir: string
const cores: AppCore[] = []

beforeAll(async () => {
  sandbox = await startSandbox({ bulkPayments: 10, rateLimit: { rate: 0 } })
})
afterAll(async () => {
  await sandbox.close()
})
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payments-desk-files-'))
})
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close()
  await rm(dir, { recursive: true, force: true })
})

async function open(dataDir: string): Promise<AppCore> {
  const core = await reopenCore(dataDir, sandbox)
  cores.push(core)
  return core
}

async function call(core: AppCore, name: Parameters<AppCore['dispatcher']['dispatch']>[0], request: unknown) {
  return core.dispatcher.dispatch(name, appSender, request)
}

async function lookupWorks(core: AppCore): Promise<void> {
  expect(await call(core, 'getPayment', { id: 'pay_seed_card_declined' })).toMatchObject({
    ok: true,
    value: { payment: { lastDepositAttempt: { error: 'card_declined' } } },
  })
}

describe('corrupt, truncated and foreign files in the data folder', () => {
  it('starts, lists every file it set aside in the Settings notice, keeps their bytes, and loads the rest', async () => {
    // A first run leaves a real batch, endpoint list and settings behind.
    const first = await open(dir)
    const good = await first.batches.start(bulkIds(1, 3), 'good')
    await waitForStatus(first, good.id, 'completed')
    const foreign = await first.batches.start(bulkIds(4, 5), 'foreign')
    await waitForStatus(first, foreign.id, 'completed')
    const halfIds = await first.batches.start(bulkIds(6, 7), 'half ids')
    await waitForStatus(first, halfIds.id, 'completed')
    expect((await call(first, 'registerWebhook', { url: 'http://127.0.0.1:9/hooks', connect: false })).ok).toBe(true)
    await first.close()
    cores.splice(0)

    const damage: Record<string, string> = {
      'settings.json': '{"activeEnvironment": "local", "theme": ',
      'webhooks.json': (await readFile(join(dir, 'webhooks.json'), 'utf8')).slice(0, 60),
      [join('batches', foreign.id, 'job.json')]: JSON.stringify({ exportedBy: 'another app', rows: [1, 2, 3] }),
      [join('batches', halfIds.id, 'ids.json')]: '["pay_bulk_000006", "pay_bu',
    }
    for (const [file, content] of Object.entries(damage)) await writeFile(join(dir, file), content)

    const core = await open(dir)
    const view = await call(core, 'getSettings', {})
    if (!view.ok) throw new Error(view.error.message)
    const { notice } = view.value as { notice: string | null }
    const names = await readdir(dir)
    const settingsAside = names.find((name) => /^settings\.corrupt-.+\.json$/.test(name))
    const webhooksAside = names.find((name) => /^webhooks\.corrupt-.+\.json$/.test(name))
    if (!settingsAside || !webhooksAside) throw new Error(`nothing set aside in ${names.join(', ')}`)
    expect(notice).toContain(`moved aside as ${settingsAside} and the defaults were restored`)
    expect(notice).toContain(`moved aside as ${webhooksAside}`)
    expect(notice).toContain(`The batch in ${foreign.id} could not be read`)
    expect(notice).toContain(`The batch in ${halfIds.id} could not be read`)
    expect(notice).not.toContain(good.id)
    // Set aside with every byte, never deleted.
    expect(await readFile(join(dir, settingsAside), 'utf8')).toBe(damage['settings.json'])
    expect(await readFile(join(dir, webhooksAside), 'utf8')).toBe(damage['webhooks.json'])
    const foreignFiles = await readdir(join(dir, 'batches', foreign.id))
    const jobAside = foreignFiles.find((name) => name.startsWith('job.corrupt-')) ?? ''
    expect(await readFile(join(dir, 'batches', foreign.id, jobAside), 'utf8')).toBe(damage[join('batches', foreign.id, 'job.json')])
    expect(foreignFiles).toContain('results.jsonl')

    // The rest is there and the app works.
    expect(core.batches.list().map((job) => job.id)).toEqual([good.id])
    expectOneResultEach(bulkIds(1, 3), core.batches.results(good.id))
    await lookupWorks(core)
    expect((await call(core, 'updateSettings', { theme: 'dark' })).ok).toBe(true)
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ theme: 'dark' })
    // Said once: the next view has nothing new to say.
    expect(await call(core, 'getSettings', {})).toMatchObject({ ok: true, value: { notice: null } })
  })

  it('a folder where settings.json should be: starts on the defaults and says why nothing can be saved', async () => {
    await mkdir(join(dir, 'settings.json'))
    await writeFile(join(dir, 'settings.json', 'inside'), 'kept')
    const core = await open(dir)
    const view = await call(core, 'getSettings', {})
    expect(view).toMatchObject({ ok: true, value: { settings: { activeEnvironment: 'local' } } })
    expect((view as { value: { notice: string } }).value.notice).toMatch(
      /^Could not read \S+settings\.json because a folder has its name\. The defaults are in use/,
    )
    await lookupWorks(core)
    const saved = await call(core, 'updateSettings', { theme: 'dark' })
    expect(saved).toMatchObject({ ok: false, error: { code: 'storage' } })
    expect((saved as { error: { message: string } }).error.message).toMatch(
      /settings\.json because a folder has its name\..*not saved over a file that could not be read/,
    )
    expect(await readFile(join(dir, 'settings.json', 'inside'), 'utf8')).toBe('kept')
  })

  it('a data folder that cannot be created (its parent is a file): starts, looks payments up, refuses each save clearly', async () => {
    await writeFile(join(dir, 'a-file'), 'not a folder')
    const dataDir = join(dir, 'a-file', 'data')
    const core = await open(dataDir)
    await lookupWorks(core)
    const view = await call(core, 'getSettings', {})
    const notice = (view as { value: { notice: string } }).value.notice
    expect(notice).toContain(
      `Could not read ${join(dataDir, 'settings.json')} because part of its folder path is a file, not a folder. The defaults are in use`,
    )
    expect(notice).toContain('webhooks.json')
    expect(notice).toContain('The batches folder could not be read')

    const settings = await call(core, 'updateSettings', { theme: 'dark' })
    expect(settings).toMatchObject({ ok: false, error: { code: 'storage' } })
    expect((settings as { error: { message: string } }).error.message).toMatch(/part of its folder path is a file.*not saved/)
    // The change still applies while the app runs.
    expect(await call(core, 'getSettings', {})).toMatchObject({ ok: true, value: { settings: { theme: 'dark' } } })
    const batch = await call(core, 'batchStart', { ids: bulkIds(1, 2), label: 'nowhere' })
    expect(batch).toMatchObject({ ok: false, error: { code: 'storage' } })
    expect((batch as { error: { message: string } }).error.message).toContain('part of its folder path is a file')
    expect(await readFile(join(dir, 'a-file'), 'utf8')).toBe('not a folder')
  })
})
