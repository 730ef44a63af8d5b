import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { BatchProgress } from '../../../src/shared/contract/batch-schema'
import { startCoreFixture, type CoreFixture } from '../../helpers/app-core-fixture'
import { waitFor } from '../../helpers/wait-for'
import { bulkIds, expectOneResultEach, jobOf, readResultsFile, sandboxRequests, waitForDone, waitForStatus, within } from './batch-helpers'

/** Fails as soon as `probe` changes during `ms`: for "nothing more happens" checks. */
async function expectUnchanged(probe: () => Promise<unknown>, ms: number, what: string): Promise<void> {
  const before = JSON.stringify(await probe())
  const until = Date.now() + ms
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 25))
    expect(JSON.stringify(await probe()), what).toBe(before)
  }
}

describe('pausing and resuming a batch', () => {
  let fixture: CoreFixture | undefined

  afterEach(async () => {
    await fixture?.close()
    fixture = undefined
  })

  it('stops sending and saving on pause, keeps what it has, and finishes the rest on resume', async () => {
    fixture = await startCoreFixture({ sandbox: { bulkPayments: 500, rateLimit: { rate: 200, burst: 20 } } })
    const { core, ok, dataDir, sandbox } = fixture
    // Below the sandbox's limit, so the run is paced by the throttle and not by 429s.
    core.scheduler.configure({ ceiling: 150, initialRate: 150 })
    const progress: BatchProgress[] = []
    core.subscribe((name, payload) => {
      if (name === 'batchProgress') progress.push(payload as BatchProgress)
    })
    const ids = bulkIds(1, 500)
    const { id: jobId } = await ok('batchStart', { ids, label: 'pause me' })
    await waitForDone(core, jobId, 100)

    const paused = await ok('batchPause', { jobId })
    expect(paused).toMatchObject({ status: 'paused', pauseReason: null })
    expect(paused.done).toBeLessThan(500)
    // Nothing of the batch is left waiting in the scheduler or on the wire.
    expect(core.scheduler.state()).toMatchObject({ inFlight: 0, queued: { batch: 0 } })
    const kept = await ok('batchResults', { jobId })
    expect(kept).toHaveLength(paused.done)
    const onDisk = await readResultsFile(dataDir, jobId)
    expect(onDisk.results.map((r) => r.id).sort()).toEqual(kept.map((r) => r.id).sort())
    const saved = JSON.parse(await readFile(join(dataDir, 'batches', jobId, 'job.json'), 'utf8')) as { status: string }
    expect(saved.status).toBe('paused')

    await expectUnchanged(
      async () => ({
        requests: await sandboxRequests(sandbox),
        done: jobOf(core, jobId).done,
        lines: (await readResultsFile(dataDir, jobId)).results.length,
      }),
      400,
      'nothing sent or saved while paused',
    )
    await waitFor(() => progress.at(-1)?.status === 'paused', { what: 'a paused progress event' })
    expect(progress.at(-1)).toMatchObject({ ratePerSecond: 0, etaSeconds: null })

    const resumed = await ok('batchResume', { jobId })
    expect(resumed.status).toBe('running')
    const done = await waitForStatus(core, jobId, 'completed')
    expect(done).toMatchObject({ done: 500, total: 500, counts: { found: 500, notFound: 0, error: 0 } })
    expectOneResultEach(ids, await ok('batchResults', { jobId }))
    const finalFile = await readResultsFile(dataDir, jobId)
    expect(finalFile.broken).toEqual([])
    expectOneResultEach(ids, finalFile.results)
  })

  it('answers a pause and a resume clicked at once, and still gives one result per ID', async () => {
    fixture = await startCoreFixture({ sandbox: { bulkPayments: 300 } })
    const { core, call, ok } = fixture
    core.scheduler.configure({ ceiling: 200, initialRate: 200 })
    const ids = bulkIds(1, 300)
    const { id: jobId } = await ok('batchStart', { ids, label: 'twitchy' })
    await waitForDone(core, jobId, 30)

    // The resume arrives while the pause is still calling its in-flight lookups back.
    const pausing = call('batchPause', { jobId })
    const resuming = call('batchResume', { jobId })
    const answers = await within(Promise.all([pausing, resuming]), 5_000, 'pause and resume')
    expect(answers.map((answer) => answer.ok)).toEqual([true, true])

    await waitForStatus(core, jobId, 'completed')
    expectOneResultEach(ids, await ok('batchResults', { jobId }))
    // And the run still pauses afterwards, once and for all.
    expect((await ok('batchPause', { jobId })).status).toBe('completed')
  })

  it('says why a batch cannot resume: finished, unknown, or started in another environment', async () => {
    fixture = await startCoreFixture({ sandbox: { bulkPayments: 200, rateLimit: { rate: 20, burst: 1 } } })
    const { core, call, ok } = fixture
    const { id: jobId } = await ok('batchStart', { ids: bulkIds(1, 200), label: 'slow' })
    expect((await ok('batchPause', { jobId })).status).toBe('paused')
    await ok('updateSettings', { activeEnvironment: 'operator' })
    expect(await call('batchResume', { jobId })).toEqual({
      ok: false,
      error: {
        code: 'batch-environment-mismatch',
        message: 'This batch was started in another environment (local): switch back to it in Settings to resume.',
      },
    })
    expect(jobOf(core, jobId).status).toBe('paused')
    await ok('updateSettings', { activeEnvironment: 'local' })
    await ok('batchCancel', { jobId })

    const { id: tinyId } = await ok('batchStart', { ids: bulkIds(1, 3), label: 'tiny' })
    await waitForStatus(core, tinyId, 'completed')
    expect(await call('batchResume', { jobId: tinyId })).toEqual({
      ok: false,
      error: { code: 'batch-already-finished', message: 'This batch is completed; start a new one to look the IDs up again.' },
    })
    expect(await call('batchPause', { jobId: 'batch_nope' })).toEqual({
      ok: false,
      error: { code: 'batch-not-found', message: 'No batch with this ID.' },
    })
  })
})
