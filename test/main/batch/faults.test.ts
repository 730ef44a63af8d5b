import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCoreFixture, type CoreFixture } from '../../helpers/app-core-fixture'
import { bulkIds, configureSandbox, expectOneResultEach, readResultsFile, unknownIds, unthrottle, waitForStatus } from './batch-helpers'

describe('a batch against a flaky service', () => {
  let fixture: CoreFixture

  beforeAll(async () => {
    fixture = await startCoreFixture({ sandbox: { bulkPayments: 300, randomSeed: 20240611 } })
    unthrottle(fixture.core)
  })
  afterAll(async () => {
    await fixture.close()
  })

  it('still gives every ID one result when 15% of requests fail, the GET retries absorbing nearly all of it', async () => {
    const { core, ok, dataDir, sandbox } = fixture
    await configureSandbox(sandbox, 'faults', { errorRate: 0.1, resetRate: 0.05 })
    const ids = [...bulkIds(1, 300), ...unknownIds(10)]
    const { id: jobId } = await ok('batchStart', { ids, label: 'flaky' })
    const job = await waitForStatus(core, jobId, 'completed')
    await configureSandbox(sandbox, 'faults', { errorRate: 0, resetRate: 0 })

    const results = await ok('batchResults', { jobId })
    expectOneResultEach(ids, results)
    const onDisk = await readResultsFile(dataDir, jobId)
    expect(onDisk.broken).toEqual([])
    expectOneResultEach(ids, onDisk.results)

    // The faults did happen, and were retried...
    const retried = core.requestLog.snapshot().filter((entry) => entry.priority === 'batch' && entry.attempt > 1)
    expect(retried.length).toBeGreaterThan(20)
    // ...so that an ID ends as an error only after four failures in a row: none or one in
    // most runs, and never more than 1% of the batch.
    const errors = results.filter((r) => r.outcome === 'error')
    expect(errors.length).toBeLessThanOrEqual(3)
    for (const error of errors) expect(['server-error', 'network']).toContain(error.failure?.code)
    expect(job.counts).toEqual({
      found: 300 - errors.length,
      notFound: 10,
      error: errors.length,
      failedPayments: expect.any(Number) as number,
    })
  })

  it('records a 500 that outlasts the retries as an error result, and goes on', async () => {
    const { core, ok, sandbox } = fixture
    await configureSandbox(sandbox, 'faults', { errorRate: 1 })
    const ids = bulkIds(1, 8)
    const { id: jobId } = await ok('batchStart', { ids, label: 'down' })
    const job = await waitForStatus(core, jobId, 'completed')
    await configureSandbox(sandbox, 'faults', { errorRate: 0 })

    expect(job.counts).toMatchObject({ found: 0, error: 8 })
    const results = await ok('batchResults', { jobId })
    expectOneResultEach(ids, results)
    for (const result of results) {
      expect(result).toMatchObject({ outcome: 'error', failure: { code: 'server-error' }, paymentStatus: null })
      expect(result.failure?.message).toMatch(/500/)
    }
    const attempts = core.requestLog.snapshot().filter((entry) => entry.path === '/api/payment/pay_bulk_000001' && entry.status === 500)
    expect(attempts.map((entry) => entry.attempt).slice(-4)).toEqual([1, 2, 3, 4])
  })

  it('records a cut connection that outlasts the retries as a network error result', async () => {
    const { core, ok, sandbox } = fixture
    await configureSandbox(sandbox, 'faults', { resetRate: 1 })
    const ids = bulkIds(1, 5)
    const { id: jobId } = await ok('batchStart', { ids, label: 'cut' })
    await waitForStatus(core, jobId, 'completed')
    await configureSandbox(sandbox, 'faults', { resetRate: 0 })

    const results = await ok('batchResults', { jobId })
    expectOneResultEach(ids, results)
    for (const result of results) expect(result).toMatchObject({ outcome: 'error', failure: { code: 'network' } })
  })
})
