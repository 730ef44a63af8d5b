import type { ChildProcess } from 'node:child_process'
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { AppCore } from '../../../src/main/app-core'
import { startSandbox, type RunningSandbox } from '../../../src/sandbox'
import { waitFor } from '../../helpers/wait-for'
import { startBatchChild } from './batch-child-process'
import {
  bulkIds,
  configureSandbox,
  expectOneResultEach,
  jobOf,
  readResultsFile,
  reopenCore,
  resultsPath,
  unknownIds,
  unthrottle,
  waitForStatus,
} from './batch-helpers'

function lineCount(text: string): number {
  return text.split('\n').length - 1
}

describe('a batch after the app is killed mid-run', () => {
  let sandbox: RunningSandbox | undefined
  let child: ChildProcess | undefined
  let core: AppCore | undefined
  let dataDir: string | undefined

  afterEach(async () => {
    child?.kill('SIGKILL')
    await core?.close()
    await sandbox?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
    child = core = sandbox = dataDir = undefined
  })

  it('is listed as interrupted on the next start and resumes where it stopped, one result per ID', async () => {
    sandbox = await startSandbox({ bulkPayments: 980, rateLimit: { rate: 150, burst: 20 } })
    dataDir = await mkdtemp(join(tmpdir(), 'payments-desk-crash-'))
    const ids = [...bulkIds(1, 980), ...unknownIds(20)]
    const started = startBatchChild(dataDir, sandbox, ids)
    child = started.child
    const jobId = await started.jobId
    const file = resultsPath(dataDir, jobId)

    await waitFor(async () => lineCount(await readFile(file, 'utf8')) >= 200, { timeoutMs: 15_000, what: '200 results from the child' })
    child.kill('SIGKILL')
    expect(await started.exited).toBe('SIGKILL')

    const beforeRestart = await readResultsFile(dataDir, jobId)
    expect(beforeRestart.results.length).toBeGreaterThanOrEqual(200)
    expect(beforeRestart.results.length).toBeLessThan(1_000)
    const savedJob = JSON.parse(await readFile(join(dataDir, 'batches', jobId, 'job.json'), 'utf8')) as { status: string }
    expect(savedJob.status).toBe('running')
    // A write cut short by the kill, as a power cut could leave it: half a line, no newline.
    const text = await readFile(file, 'utf8')
    const unfinished = ids.find((id) => !beforeRestart.results.some((r) => r.id === id)) ?? ''
    const cut = `{"id":"${unfinished}","outcome":"fou`
    if (text.endsWith('\n')) await appendFile(file, cut)

    await configureSandbox(sandbox, 'rate-limit', { rate: 0 })
    core = await reopenCore(dataDir, sandbox)
    unthrottle(core)
    const interrupted = jobOf(core, jobId)
    expect(interrupted).toMatchObject({ status: 'interrupted', total: 1_000, done: beforeRestart.results.length })
    const alreadyDone = new Set(beforeRestart.results.map((r) => r.id))

    expect((await core.batches.resume(jobId)).status).toBe('running')
    const done = await waitForStatus(core, jobId, 'completed')
    expect(done).toMatchObject({ done: 1_000, counts: { found: 980, notFound: 20, error: 0 } })
    expectOneResultEach(ids, core.batches.results(jobId))

    const afterResume = await readResultsFile(dataDir, jobId)
    expectOneResultEach(ids, afterResume.results)
    // The cut line stays as it was, and the next result starts on a line of its own.
    expect(afterResume.broken).toEqual(text.endsWith('\n') ? [cut] : [text.slice(text.lastIndexOf('\n') + 1)])
    // Only what was missing went out again.
    const lookedUp = core.requestLog
      .snapshot()
      .filter((entry) => entry.priority === 'batch')
      .map((entry) => decodeURIComponent(entry.path.split('/').at(-1) ?? ''))
    expect(lookedUp.filter((id) => alreadyDone.has(id))).toEqual([])
    expect(new Set(lookedUp).size).toBe(1_000 - alreadyDone.size)
  })
})
