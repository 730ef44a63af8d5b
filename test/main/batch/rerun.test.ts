import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RecordedRequest } from '../../../src/sandbox/admin-routes'
import { customerCanRetry } from '../../../src/shared/decline-codes'
import { startCoreFixture, type CoreFixture } from '../../helpers/app-core-fixture'
import { call } from '../../helpers/sandbox-client'
import { bulkIds, configureSandbox, reopenCore, unknownIds, unthrottle, waitForStatus } from './batch-helpers'

/** The payment IDs the sandbox was asked for, from the `from`-th API request it recorded on. */
async function requestedIds(fixture: CoreFixture, from: number): Promise<string[]> {
  const reply = await call(fixture.sandbox, 'GET', '/sandbox/requests')
  expect(reply.status).toBe(200)
  return (reply.json as RecordedRequest[]).slice(from).map((request) => {
    expect(request.method).toBe('GET')
    return decodeURIComponent(request.path.replace(/^\/api\/payment\//, ''))
  })
}

const recordedCount = async (fixture: CoreFixture): Promise<number> =>
  ((await call(fixture.sandbox, 'GET', '/sandbox/requests')).json as RecordedRequest[]).length

describe('re-running what failed', () => {
  let fixture: CoreFixture
  // 60 payments, 3 unknown IDs among them, through a service that answers 500 to 80% of requests:
  // after the client's four tries, about two in five end as lookup errors.
  const ids = [...bulkIds(1, 20), ...unknownIds(3), ...bulkIds(21, 60)]
  let sourceId = ''

  beforeAll(async () => {
    fixture = await startCoreFixture({ sandbox: { bulkPayments: 60, randomSeed: 24 } })
    unthrottle(fixture.core)
    await configureSandbox(fixture.sandbox, 'faults', { errorRate: 0.8 })
    sourceId = (await fixture.ok('batchStart', { ids, label: 'storm' })).id
    await waitForStatus(fixture.core, sourceId, 'completed')
    await configureSandbox(fixture.sandbox, 'faults', { errorRate: 0 })
  })
  afterAll(async () => {
    await fixture.close()
  })

  it('sends exactly the lookup errors, each once, in the order of the first list, and links the new run to the first', async () => {
    const results = await fixture.ok('batchResults', { jobId: sourceId })
    const byId = new Map(results.map((result) => [result.id, result]))
    const errors = ids.filter((id) => byId.get(id)?.outcome === 'error')
    expect(errors.length, 'the storm left some lookup errors').toBeGreaterThan(0)
    expect(errors.length).toBeLessThan(ids.length)

    const before = await recordedCount(fixture)
    const rerun = await fixture.ok('batchRerun', { jobId: sourceId, only: 'errors' })
    expect(rerun.rerunOf).toEqual({ jobId: sourceId, label: 'storm', only: 'errors' })
    expect(rerun.label).toBe('storm · lookup errors again')
    await waitForStatus(fixture.core, rerun.id, 'completed')

    const sent = await requestedIds(fixture, before)
    expect([...sent].sort()).toEqual([...errors].sort())
    expect(sent).toHaveLength(errors.length)
    const stored = JSON.parse(await readFile(join(fixture.dataDir, 'batches', rerun.id, 'ids.json'), 'utf8')) as string[]
    expect(stored).toEqual(errors)
    const job = JSON.parse(await readFile(join(fixture.dataDir, 'batches', rerun.id, 'job.json'), 'utf8')) as { rerunOf?: unknown }
    expect(job.rerunOf).toEqual({ jobId: sourceId, label: 'storm', only: 'errors' })
  })

  it('re-runs only the not-found IDs, or only the declines the customer can retry', async () => {
    const results = await fixture.ok('batchResults', { jobId: sourceId })
    // The unknown IDs are not-found in the first run, or (the storm hid them) in the re-run of its errors.
    const errorsRerun = fixture.core.batches.list().find((job) => job.rerunOf?.only === 'errors')?.id ?? ''
    const withNotFound = results.some((r) => r.outcome === 'not-found') ? sourceId : errorsRerun
    const notFoundOrder = withNotFound === sourceId ? ids : ids.filter((id) => results.find((r) => r.id === id)?.outcome === 'error')
    const their = await fixture.ok('batchResults', { jobId: withNotFound })
    const notFound = notFoundOrder.filter((id) => their.find((r) => r.id === id)?.outcome === 'not-found')
    for (const id of notFound) expect(unknownIds(3)).toContain(id)
    expect(notFound.length).toBeGreaterThan(0)
    const retryable = ids.filter((id) => {
      const result = results.find((r) => r.id === id)
      return result?.errorCode != null && result.retryable !== null && customerCanRetry(result.retryable)
    })
    expect(retryable.length).toBeGreaterThan(0)

    let before = await recordedCount(fixture)
    const missing = await fixture.ok('batchRerun', { jobId: withNotFound, only: 'not-found' })
    await waitForStatus(fixture.core, missing.id, 'completed')
    expect([...(await requestedIds(fixture, before))].sort()).toEqual([...notFound].sort())

    before = await recordedCount(fixture)
    const declines = await fixture.ok('batchRerun', { jobId: sourceId, only: 'retryable' })
    await waitForStatus(fixture.core, declines.id, 'completed')
    expect([...(await requestedIds(fixture, before))].sort()).toEqual([...retryable].sort())
    // A re-run of a re-run: the chain goes on.
    const again = await fixture.call('batchRerun', { jobId: declines.id, only: 'retryable' })
    expect(again.ok && again.value.rerunOf?.jobId).toBe(declines.id)
    if (again.ok) await waitForStatus(fixture.core, again.value.id, 'completed')
  })

  it('refuses a run that has not finished, or one with nothing of that kind, and sends nothing', async () => {
    const clean = await fixture.ok('batchStart', { ids: bulkIds(1, 3), label: 'clean' })
    await waitForStatus(fixture.core, clean.id, 'completed')
    const before = await recordedCount(fixture)
    const none = await fixture.call('batchRerun', { jobId: clean.id, only: 'errors' })
    expect(none.ok || none.error).toMatchObject({ code: 'no-ids', message: '"clean" has no lookup errors to look up again.' })

    await configureSandbox(fixture.sandbox, 'rate-limit', { rate: 0.5, burst: 1 })
    const slow = await fixture.ok('batchStart', { ids: bulkIds(1, 30), label: 'slow' })
    const early = await fixture.call('batchRerun', { jobId: slow.id, only: 'not-found' })
    expect(early.ok || early.error.code).toBe('batch-not-finished')
    await fixture.ok('batchCancel', { jobId: slow.id })
    await configureSandbox(fixture.sandbox, 'rate-limit', { rate: 0 })
    expect((await requestedIds(fixture, before)).filter((id) => !bulkIds(1, 30).includes(id))).toEqual([])
  })

  it('keeps the link across a restart, and still loads a batch saved before re-runs existed', async () => {
    const rerun = fixture.core.batches.list().find((job) => job.rerunOf?.only === 'errors')
    expect(rerun).toBeDefined()
    // A job.json from before the field is one without it, as every run started from a list still writes it.
    const old = JSON.parse(await readFile(join(fixture.dataDir, 'batches', sourceId, 'job.json'), 'utf8')) as Record<string, unknown>
    expect(old).not.toHaveProperty('rerunOf')
    // The app started again on the same data folder.
    const reopened = await reopenCore(fixture.dataDir, fixture.sandbox)
    try {
      const jobs = reopened.batches.list()
      expect(jobs.find((job) => job.id === rerun?.id)?.rerunOf).toEqual({ jobId: sourceId, label: 'storm', only: 'errors' })
      expect(jobs.find((job) => job.id === sourceId)?.rerunOf).toBeUndefined()
    } finally {
      await reopened.close()
    }
  })
})
