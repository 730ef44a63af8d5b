import { afterEach, describe, expect, it } from 'vitest'
import type { BatchProgress } from '../../../src/shared/contract/batch-schema'
import { startCoreFixture, type CoreFixture } from '../../helpers/app-core-fixture'
import { waitFor } from '../../helpers/wait-for'
import { bulkIds, expectOneResultEach, readResultsFile, unknownIds, unthrottle, waitForStatus } from './batch-helpers'

describe('a batch run to completion against the sandbox', () => {
  let fixture: CoreFixture | undefined

  afterEach(async () => {
    await fixture?.close()
    fixture = undefined
  })

  it('gives every ID exactly one result, in memory and on disk, with the counts and progress to match', async () => {
    fixture = await startCoreFixture({ sandbox: { bulkPayments: 300 } })
    const { core, ok, dataDir } = fixture
    unthrottle(core)
    const progress: BatchProgress[] = []
    core.subscribe((name, payload) => {
      if (name === 'batchProgress') progress.push(payload as BatchProgress)
    })
    const ids = [...bulkIds(1, 300), ...unknownIds(20)]

    const started = await ok('batchStart', { ids, label: 'March report' })
    expect(started).toMatchObject({ label: 'March report', total: 320, environment: 'local' })
    const job = await waitForStatus(core, started.id, 'completed')

    const results = await ok('batchResults', { jobId: started.id })
    expectOneResultEach(ids, results)
    const onDisk = await readResultsFile(dataDir, started.id)
    expect(onDisk.broken).toEqual([])
    expectOneResultEach(ids, onDisk.results)

    // Of every ten bulk payments three failed (sandbox seed), and the 20 unknown IDs are 404s.
    expect(job).toMatchObject({ done: 320, total: 320, pauseReason: null })
    expect(job.counts).toEqual({ found: 300, notFound: 20, error: 0, failedPayments: 90 })
    for (const result of results.filter((r) => r.id.startsWith('pay_unknown_'))) {
      expect(result).toMatchObject({ outcome: 'not-found', failure: null, paymentStatus: null })
    }
    const declined = results.find((r) => r.id === 'pay_bulk_000006')
    expect(declined).toMatchObject({ outcome: 'found', paymentStatus: 'failed', currency: 'USD' })
    expect(declined?.errorCode).toMatch(/^[a-z_]+$/)
    expect(declined?.retryable).not.toBeNull()

    const last = await waitFor(() => progress.at(-1)?.status === 'completed' && progress.at(-1), { what: 'a completed progress event' })
    expect(last).toMatchObject({ id: started.id, done: 320, total: 320, etaSeconds: null })
    const running = progress.filter((p) => p.status === 'running')
    expect(running.length).toBeGreaterThan(0)
    const dones = progress.map((p) => p.done)
    expect(dones).toEqual([...dones].sort((a, b) => a - b))
  })

  it('looks an ID up once when the list repeats it, with or without stray spaces', async () => {
    fixture = await startCoreFixture({ sandbox: { bulkPayments: 3 } })
    const { core, ok } = fixture
    const started = await ok('batchStart', {
      ids: ['pay_bulk_000001', ' pay_bulk_000001', 'pay_bulk_000002\t', 'pay_bulk_000002', 'pay_bulk_000003'],
      label: '',
    })
    expect(started).toMatchObject({ total: 3, label: '3 IDs' })
    await waitForStatus(core, started.id, 'completed')
    const results = await ok('batchResults', { jobId: started.id })
    expectOneResultEach(['pay_bulk_000001', 'pay_bulk_000002', 'pay_bulk_000003'], results)
  })

  it('refuses an empty list and a second batch while one runs, without adding a batch to the list', async () => {
    fixture = await startCoreFixture({ sandbox: { bulkPayments: 400, rateLimit: { rate: 50, burst: 5 } } })
    const { call, ok } = fixture
    const empty = await call('batchStart', { ids: [], label: 'nothing' })
    expect(empty).toEqual({ ok: false, error: { code: 'no-ids', message: 'There are no IDs to look up.' } })

    const first = await ok('batchStart', { ids: bulkIds(1, 400), label: 'first' })
    const second = await call('batchStart', { ids: bulkIds(1, 10), label: 'second' })
    expect(second).toEqual({
      ok: false,
      error: { code: 'batch-already-running', message: 'Another batch is running: pause or cancel it first.' },
    })
    expect((await ok('batchList', {})).map((job) => job.label)).toEqual(['first'])
    await ok('batchCancel', { jobId: first.id })
  })
})
