import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createAppCore, type AppCore } from '../../src/main/app-core'
import type { InvokeName, InvokeResponse } from '../../src/shared/contract/channels'
import type { IpcResult } from '../../src/shared/contract/ipc-result'
import { appSender, startCoreFixture, type CoreFixture } from '../helpers/app-core-fixture'
import { waitFor } from '../helpers/wait-for'

// Item 6 of the audit: someone who can write the data folder leaves a batch whose
// job.json names a path instead of a batch ID. The app starts, lists batches, and the
// renderer resumes, cancels and exports through the handlers: nothing may be written
// outside the data folder, and the bad batch is reported instead of crashing anything.

let fixture: CoreFixture
let parent: string
let dataDir: string
let outside: string
let core: AppCore | null = null

beforeEach(async () => {
  fixture = await startCoreFixture()
  parent = await mkdtemp(join(tmpdir(), 'payments-desk-escape-'))
  // Deep enough that every crafted `..` still lands inside `parent`, where the test looks.
  dataDir = join(parent, 'home', 'data')
  outside = join(parent, 'outside')
  await mkdir(outside)
})
afterEach(async () => {
  await core?.close()
  core = null
  await fixture.close()
  await rm(parent, { recursive: true, force: true })
})

const folderId = (n: number) => `batch_2026-03-01T12-00-00-000Z_${n.toString(16).padStart(8, '0')}`
const goodId = folderId(0xfff)

function jobJson(id: string, status = 'interrupted') {
  return JSON.stringify({
    id,
    label: 'Crafted',
    environment: 'local',
    createdAt: Date.UTC(2026, 2, 1),
    total: 1,
    done: 0,
    status,
    pauseReason: null,
    counts: { found: 0, notFound: 0, error: 0, failedPayments: 0 },
    rateLimited: 0,
  })
}

async function placeBatch(folder: string, id: string, status?: string): Promise<void> {
  await mkdir(join(dataDir, 'batches', folder), { recursive: true })
  await writeFile(join(dataDir, 'batches', folder, 'job.json'), jobJson(id, status))
  await writeFile(join(dataDir, 'batches', folder, 'ids.json'), JSON.stringify(['pay_seed_settled_1']))
}

/** Every path under `dir`, relative to it. */
async function tree(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map(String).sort()
}

const crafted = () => [
  '../../../outside/escaped',
  '../../../escape',
  '../../../../../../../../../../../tmp/payments-desk-dotdot-escape',
  join(outside, 'absolute'),
  '/tmp/payments-desk-absolute-escape',
  'batch_x/../../../../outside/dotdot',
  '..%2F..%2Foutside%2Fencoded',
  '..\\..\\outside\\backslash',
  '',
  '.',
  '..',
  `${goodId}\u0000`,
  // A good shape, but another folder's batch: saving it would overwrite that one.
  goodId,
]

describe('a crafted job.json in the batches folder', () => {
  it('is left aside and reported; resume, cancel and export write nothing outside the data folder', async () => {
    const ids = crafted()
    for (const [index, id] of ids.entries()) await placeBatch(folderId(index + 1), id, index % 2 === 0 ? 'running' : 'paused')
    await placeBatch(goodId, goodId)
    // A batch folder that is a link to a folder outside: its files would be written there.
    await mkdir(join(outside, 'linked'))
    await writeFile(join(outside, 'linked', 'job.json'), jobJson(folderId(0xabc)))
    await writeFile(join(outside, 'linked', 'ids.json'), JSON.stringify(['pay_seed_settled_1']))
    await symlink(join(outside, 'linked'), join(dataDir, 'batches', folderId(0xabc)))
    // A results file that is a link to a file outside: appending to it would write there.
    const linkedResults = folderId(0xabd)
    await placeBatch(linkedResults, linkedResults)
    await writeFile(join(outside, 'results-target'), '')
    await symlink(join(outside, 'results-target'), join(dataDir, 'batches', linkedResults, 'results.jsonl'))
    const outsideBefore = await tree(outside)

    core = await createAppCore({
      dataDir,
      secrets: fixture.secrets,
      localService: { baseUrl: fixture.sandbox.baseUrl, apiKey: fixture.sandbox.apiKey },
      isTrustedSender: (sender) => sender.fromAppWindow,
      dialogs: {
        chooseIdFile: () => Promise.resolve(null),
        chooseExportPath: (name) => Promise.resolve(join(dataDir, `export-${name.length}.csv`)),
      },
    })
    const dispatch = async <N extends InvokeName>(name: N, request: unknown) =>
      (await core?.dispatcher.dispatch(name, appSender, request)) as IpcResult<InvokeResponse<N>>

    // What a renderer does with the batches it is shown: every action on every listed or crafted ID.
    const listed = await dispatch('batchList', {})
    const shown = listed.ok ? listed.value.map((job) => job.id) : []
    const answers: { jobId: string; name: string; result: IpcResult<unknown> }[] = []
    for (const jobId of new Set([...shown, ...ids, folderId(0xabc), linkedResults].filter((id) => id !== goodId))) {
      for (const name of ['batchResume', 'batchCancel', 'batchPause', 'batchResults'] as const)
        answers.push({ jobId, name, result: await dispatch(name, { jobId }) })
      answers.push({ jobId, name: 'batchExport', result: await dispatch('batchExport', { jobId, format: 'csv', includeEmails: false }) })
    }
    expect(await tree(outside)).toEqual(outsideBefore)
    expect((await readdir(parent)).sort()).toEqual(['home', 'outside'])
    expect(await readdir(join(parent, 'home'))).toEqual(['data'])
    for (const path of ['/tmp/payments-desk-absolute-escape', '/tmp/payments-desk-dotdot-escape'])
      await expect(readdir(path)).rejects.toMatchObject({ code: 'ENOENT' })

    expect(shown).toEqual([goodId])
    for (const { jobId, name, result } of answers) {
      expect({ jobId, name, result }).toMatchObject({ result: { ok: false, error: { code: 'batch-not-found' } } })
    }

    // The good batch runs to the end; its results go to a file of its own.
    expect(await dispatch('batchResume', { jobId: goodId })).toMatchObject({ ok: true })
    await waitFor(() => core?.batches.list().find((job) => job.id === goodId)?.status === 'completed', {
      what: 'the good batch to complete',
    })
    expect(await dispatch('batchExport', { jobId: goodId, format: 'csv', includeEmails: false })).toMatchObject({ ok: true })

    const notice = (await core.handlers.getSettings({})).notice ?? ''
    for (let index = 1; index <= ids.length; index++) expect(notice).toContain(folderId(index))
    expect(notice).toContain(folderId(0xabc))
    expect(notice).toContain(linkedResults)
  })
})
