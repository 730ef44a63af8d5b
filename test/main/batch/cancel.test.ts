import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { AppCore } from '../../../src/main/app-core'
import { appSender, startCoreFixture, type CoreFixture } from '../../helpers/app-core-fixture'
import { bulkIds, jobOf, readResultsFile, reopenCore, sandboxRequests, waitForDone } from './batch-helpers'

describe('cancelling a batch', () => {
  let fixture: CoreFixture | undefined
  let reopened: AppCore | undefined

  afterEach(async () => {
    await reopened?.close()
    await fixture?.close()
    fixture = undefined
    reopened = undefined
  })

  it('stops the run for good, keeps the results so far, and refuses to resume', async () => {
    fixture = await startCoreFixture({ sandbox: { bulkPayments: 400 } })
    const { core, call, ok, dataDir, sandbox } = fixture
    core.scheduler.configure({ ceiling: 100, initialRate: 100 })
    const { id: jobId } = await ok('batchStart', { ids: bulkIds(1, 400), label: 'cancel me' })
    await waitForDone(core, jobId, 50)

    const cancelled = await ok('batchCancel', { jobId })
    expect(cancelled.status).toBe('cancelled')
    expect(cancelled.done).toBeLessThan(400)
    expect(core.scheduler.state()).toMatchObject({ inFlight: 0, queued: { batch: 0 } })
    const sentAtCancel = await sandboxRequests(sandbox)

    const kept = await ok('batchResults', { jobId })
    expect(kept).toHaveLength(cancelled.done)
    expect((await readResultsFile(dataDir, jobId)).results).toHaveLength(cancelled.done)

    expect(await call('batchResume', { jobId })).toEqual({
      ok: false,
      error: { code: 'batch-already-finished', message: 'This batch is cancelled; start a new one to look the IDs up again.' },
    })
    expect((await ok('batchPause', { jobId })).status).toBe('cancelled')
    expect((await ok('batchCancel', { jobId })).status).toBe('cancelled')
    expect(jobOf(core, jobId)).toMatchObject({ status: 'cancelled', done: cancelled.done })
    // No lookup of the batch reached the sandbox since.
    expect(await sandboxRequests(sandbox)).toBe(sentAtCancel)

    const saved = JSON.parse(await readFile(join(dataDir, 'batches', jobId, 'job.json'), 'utf8')) as { status: string }
    expect(saved.status).toBe('cancelled')

    // After a restart it is still cancelled, with its results, and frees the way for a new batch.
    reopened = await reopenCore(dataDir, sandbox)
    expect(jobOf(reopened, jobId)).toMatchObject({ status: 'cancelled', done: cancelled.done })
    expect(reopened.batches.results(jobId)).toHaveLength(cancelled.done)
    const refused = await reopened.dispatcher.dispatch('batchResume', appSender, { jobId })
    expect(refused.ok ? null : refused.error.code).toBe('batch-already-finished')
    const next = await reopened.batches.start(bulkIds(1, 3), 'next')
    expect(next.status).toBe('running')
  })

  it('cancels a paused batch without sending anything', async () => {
    fixture = await startCoreFixture({ sandbox: { bulkPayments: 200, rateLimit: { rate: 20, burst: 1 } } })
    const { core, ok, sandbox } = fixture
    const { id: jobId } = await ok('batchStart', { ids: bulkIds(1, 200), label: 'paused first' })
    const paused = await ok('batchPause', { jobId })
    const sent = await sandboxRequests(sandbox)
    const cancelled = await ok('batchCancel', { jobId })
    expect(cancelled).toMatchObject({ status: 'cancelled', done: paused.done })
    expect(await sandboxRequests(sandbox)).toBe(sent)
    expect(core.batches.list().map((job) => job.status)).toEqual(['cancelled'])
  })
})
