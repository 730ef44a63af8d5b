import { afterEach, describe, expect, it } from 'vitest'
import { startCoreFixture, type CoreFixture } from '../../helpers/app-core-fixture'
import { waitFor } from '../../helpers/wait-for'
import { bulkIds, waitForDone } from './batch-helpers'

describe('an interactive lookup while a batch runs', () => {
  let fixture: CoreFixture | undefined

  afterEach(async () => {
    await fixture?.close()
    fixture = undefined
  })

  it('goes ahead of the batch lookups waiting in the throttle and answers quickly', async () => {
    fixture = await startCoreFixture({ sandbox: { bulkPayments: 1_000, rateLimit: { rate: 50, burst: 20 } } })
    const { core, ok } = fixture
    // Just under the service's limit: the batch is held back by the throttle, never by a
    // Retry-After pause, during which nothing at all may be sent.
    core.scheduler.configure({ ceiling: 45, initialRate: 45 })
    const { id: jobId } = await ok('batchStart', { ids: bulkIds(1, 1_000), label: 'big' })
    await waitForDone(core, jobId, 100)
    await waitFor(() => core.scheduler.state().queued.batch >= 20, { what: 'a backlog of batch lookups in the throttle' })

    const timings: number[] = []
    for (const id of ['pay_seed_card_declined', 'pay_seed_settled_1', 'pay_seed_pending_1']) {
      const started = performance.now()
      const lookup = await ok('getPayment', { id })
      timings.push(performance.now() - started)
      expect(lookup.id).toBe(id)
    }
    await ok('batchCancel', { jobId })

    const log = core.requestLog.snapshot()
    const interactive = log.filter((entry) => entry.priority === 'interactive')
    const batch = log.filter((entry) => entry.priority === 'batch')
    expect(batch.filter((entry) => entry.rateLimited)).toEqual([])
    expect(interactive.map((entry) => entry.status)).toEqual([200, 200, 200])
    for (const entry of interactive) expect(entry.queuedMs).toBeLessThan(200)
    // The batch lookups sent just before had queued far longer: the backlog is theirs.
    const since = Math.min(...interactive.map((entry) => entry.time)) - 500
    const batchQueued = batch
      .filter((entry) => entry.time >= since)
      .map((entry) => entry.queuedMs)
      .sort((a, b) => a - b)
    expect(batchQueued.length).toBeGreaterThan(0)
    // Compared with the interactive waits rather than a fixed figure: how long the backlog
    // is depends on how many batch lookups a loaded machine has in flight at that moment.
    const slowestInteractive = Math.max(...interactive.map((entry) => entry.queuedMs))
    expect(batchQueued[Math.floor(batchQueued.length / 2)]).toBeGreaterThan(Math.max(200, 2 * slowestInteractive))
    for (const ms of timings) expect(ms).toBeLessThan(500)
  })
})
