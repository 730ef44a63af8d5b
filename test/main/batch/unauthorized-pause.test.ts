import { afterEach, describe, expect, it } from 'vitest'
import type { BatchProgress } from '../../../src/shared/contract/batch-schema'
import { startCoreFixture, type CoreFixture } from '../../helpers/app-core-fixture'
import { waitFor } from '../../helpers/wait-for'
import { bulkIds, expectOneResultEach, jobOf, readResultsFile, waitForDone, waitForStatus } from './batch-helpers'

const wrongKey = `service_sandbox_${'0'.repeat(48)}`

/** The operator sandbox pointed at the fixture's sandbox with its key, as an admin would set it up. */
async function useOperator(fixture: CoreFixture): Promise<void> {
  await fixture.ok('updateSettings', { baseUrl: { environment: 'operator', url: fixture.sandbox.baseUrl }, activeEnvironment: 'operator' })
  await fixture.ok('setKey', { environment: 'operator', key: fixture.sandbox.apiKey })
}

describe('a batch whose key stops working', () => {
  let fixture: CoreFixture | undefined

  afterEach(async () => {
    await fixture?.call('deleteKey', { environment: 'operator' })
    await fixture?.close()
    fixture = undefined
  })

  it('pauses on a 401, says why, leaves the unsent IDs without a result, and finishes once the key is right', async () => {
    fixture = await startCoreFixture({ sandbox: { bulkPayments: 300 } })
    const { core, ok, dataDir } = fixture
    await useOperator(fixture)
    core.scheduler.configure({ ceiling: 100, initialRate: 100 })
    const progress: BatchProgress[] = []
    core.subscribe((name, payload) => {
      if (name === 'batchProgress') progress.push(payload as BatchProgress)
    })
    const ids = bulkIds(1, 300)
    const { id: jobId, environment } = await ok('batchStart', { ids, label: 'operator report' })
    expect(environment).toBe('operator')
    await waitForDone(core, jobId, 40)

    await ok('setKey', { environment: 'operator', key: wrongKey })
    const paused = await waitForStatus(core, jobId, 'paused')
    expect(paused.pauseReason).toMatch(
      /^Paused: The service refused the private key \(401\b.*\)\. Check or replace the key in Settings, test the connection, then try again\.$/,
    )
    expect(paused.done).toBeLessThan(300)
    await waitFor(() => progress.at(-1)?.status === 'paused' && progress.at(-1), { what: 'a paused progress event' })
    expect(progress.at(-1)?.pauseReason).toBe(paused.pauseReason)
    await waitFor(() => core.scheduler.state().inFlight === 0 && core.scheduler.state().queued.total === 0, {
      what: 'the scheduler to drain',
    })

    // The 401s are not results: those IDs are still to do, and the rest were looked up.
    const kept = await ok('batchResults', { jobId })
    expect(kept.length).toBe(jobOf(core, jobId).done)
    expect(kept.length).toBeLessThan(300)
    expect(kept.every((r) => r.outcome === 'found')).toBe(true)
    const onDisk = await readResultsFile(dataDir, jobId)
    expect(onDisk.results.map((r) => r.id).sort()).toEqual(kept.map((r) => r.id).sort())

    await ok('setKey', { environment: 'operator', key: fixture.sandbox.apiKey })
    expect((await ok('batchResume', { jobId })).pauseReason).toBeNull()
    const done = await waitForStatus(core, jobId, 'completed')
    expect(done).toMatchObject({ done: 300, pauseReason: null, counts: { found: 300, error: 0 } })
    expectOneResultEach(ids, await ok('batchResults', { jobId }))
    expectOneResultEach(ids, (await readResultsFile(dataDir, jobId)).results)
  })

  it('pauses when the key is deleted mid-run, naming the missing key', async () => {
    fixture = await startCoreFixture({ sandbox: { bulkPayments: 300 } })
    const { core, ok } = fixture
    await useOperator(fixture)
    core.scheduler.configure({ ceiling: 100, initialRate: 100 })
    const { id: jobId } = await ok('batchStart', { ids: bulkIds(1, 300), label: 'keyless' })
    await waitForDone(core, jobId, 20)

    await ok('deleteKey', { environment: 'operator' })
    const paused = await waitForStatus(core, jobId, 'paused')
    expect(paused.pauseReason).toBe('Paused: No private key is stored for Operator sandbox. Add it in Settings.')
    const results = await ok('batchResults', { jobId })
    expect(results.filter((r) => r.outcome !== 'found')).toEqual([])
  })
})
