import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { AppCore } from '../../../src/main/app-core'
import { startSandbox, type RunningSandbox } from '../../../src/sandbox'
import {
  bulkIds,
  expectOneResultEach,
  jobOf,
  readResultsFile,
  reopenCore,
  resultsPath,
  unthrottle,
  waitForDone,
  waitForStatus,
} from './batch-helpers'

describe('batches across a restart of the app', () => {
  let sandbox: RunningSandbox | undefined
  let dataDir: string | undefined
  const cores: AppCore[] = []

  async function open(): Promise<AppCore> {
    if (!dataDir || !sandbox) throw new Error('no data folder or sandbox')
    const core = await reopenCore(dataDir, sandbox)
    cores.push(core)
    return core
  }

  afterEach(async () => {
    for (const core of cores.splice(0)) await core.close()
    await sandbox?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
    sandbox = dataDir = undefined
  })

  it('marks a batch running at close as interrupted, and the next start lists it and resumes it', async () => {
    sandbox = await startSandbox({ bulkPayments: 400, rateLimit: { rate: 0 } })
    dataDir = await mkdtemp(join(tmpdir(), 'payments-desk-restart-'))
    const first = await open()
    first.scheduler.configure({ ceiling: 150, initialRate: 150 })
    const ids = bulkIds(1, 400)
    const { id: jobId } = await first.batches.start(ids, 'quarter')
    await waitForDone(first, jobId, 50)

    await first.close()
    const saved = JSON.parse(await readFile(join(dataDir, 'batches', jobId, 'job.json'), 'utf8')) as { status: string; done: number }
    expect(saved.status).toBe('interrupted')
    const atClose = await readResultsFile(dataDir, jobId)
    expect(atClose.broken).toEqual([])
    expect(atClose.results.length).toBe(saved.done)
    expect(saved.done).toBeLessThan(400)

    const second = await open()
    expect(second.batches.list()).toEqual([expect.objectContaining({ id: jobId, status: 'interrupted', done: saved.done, total: 400 })])
    expect(second.batches.results(jobId)).toHaveLength(saved.done)
    // Nothing is sent until the user resumes.
    expect(second.requestLog.snapshot()).toEqual([])
    unthrottle(second)
    await second.batches.resume(jobId)
    await waitForStatus(second, jobId, 'completed')
    expectOneResultEach(ids, second.batches.results(jobId))
    expectOneResultEach(ids, (await readResultsFile(dataDir, jobId)).results)
  })

  it('keeps a paused batch paused, with its results, after a restart', async () => {
    sandbox = await startSandbox({ bulkPayments: 200, rateLimit: { rate: 0 } })
    dataDir = await mkdtemp(join(tmpdir(), 'payments-desk-restart-'))
    const first = await open()
    first.scheduler.configure({ ceiling: 100, initialRate: 100 })
    const { id: jobId } = await first.batches.start(bulkIds(1, 200), 'paused')
    await waitForDone(first, jobId, 20)
    const paused = await first.batches.pause(jobId)
    await first.close()

    const second = await open()
    expect(jobOf(second, jobId)).toMatchObject({ status: 'paused', done: paused.done })
  })

  it('sets a batch with a broken job.json aside, says so in Settings, and loads the others', async () => {
    sandbox = await startSandbox({ bulkPayments: 10, rateLimit: { rate: 0 } })
    dataDir = await mkdtemp(join(tmpdir(), 'payments-desk-restart-'))
    const first = await open()
    const good = await first.batches.start(bulkIds(1, 3), 'good')
    await waitForStatus(first, good.id, 'completed')
    const broken = await first.batches.start(bulkIds(4, 6), 'broken')
    await waitForStatus(first, broken.id, 'completed')
    await first.close()

    const batches = join(dataDir, 'batches')
    await writeFile(join(batches, broken.id, 'job.json'), '{"id": "batch_', 'utf8')
    // Other damage the good batch and the folder must survive.
    const goodResults = resultsPath(dataDir, good.id)
    const [line] = (await readFile(goodResults, 'utf8')).split('\n')
    await appendFile(
      goodResults,
      `not json\n${line ?? ''}\n{"id":"pay_bulk_000001"}\n${(line ?? '').replace('pay_bulk_00000', 'pay_elsewhere_')}\n{"id":"pay_bu`,
    )
    await writeFile(join(batches, 'notes.txt'), 'a stray file')
    await mkdir(join(batches, 'empty-folder'))

    const second = await open()
    expect(second.batches.list()).toEqual([expect.objectContaining({ id: good.id, status: 'completed', done: 3, total: 3 })])
    expectOneResultEach(bulkIds(1, 3), second.batches.results(good.id))
    const { notice } = await second.handlers.getSettings({})
    expect(notice).toContain(`The batch in ${broken.id} could not be read and was left aside.`)
    expect(notice).not.toContain(good.id)
    // Left on disk for whoever wants to look: set aside, not deleted.
    expect((await readdir(join(batches, broken.id))).some((name) => name.startsWith('job.corrupt-'))).toBe(true)
  })
})
