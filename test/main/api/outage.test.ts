import { afterEach, beforeEach, expect, it } from 'vitest'
import { startHostileServer, type HostileServer } from '../../helpers/hostile-server'
import { clientFor, testKey } from './client-fixture'

// A 503 with Retry-After during an outage of a few seconds: the scheduler pauses everyone until
// then (no estimate moves), and the GETs are retried after it, so no lookup is lost.

let hostile: HostileServer

beforeEach(async () => {
  hostile = await startHostileServer()
})
afterEach(async () => {
  await hostile.close()
})

it.each([3_000, 6_000])(
  'loses no lookup of a batch to a %i ms outage of 503s with Retry-After: 1, and sends little into it',
  async (outageMs) => {
    const { client, scheduler } = clientFor(
      { baseUrl: hostile.baseUrl, apiKey: testKey },
      // The app's own retry policy and rate, not the fixture's fast ones.
      { retry: { baseDelayMs: 250, maxDelayMs: 8_000 }, scheduler: { initialRate: 40, ceiling: 40, concurrency: 20 } },
    )
    const rateBefore = scheduler.state().rate
    const lookups = Array.from({ length: 150 }, (_, i) =>
      client.send({ method: 'GET', path: `/outage/20/${outageMs}/1/pay_${i}`, priority: 'batch' }),
    )
    const results = await Promise.allSettled(lookups)
    const failed = results.filter((result) => result.status === 'rejected')
    expect(failed.map((result) => String(result.reason))).toEqual([])
    const into503 = hostile.requests.length - 150
    // Those already on their way when it began, and one probe a second: not a hundred.
    expect(into503).toBeLessThan(20 + (outageMs / 1000) * 10)
    expect(scheduler.state().rate).toBeGreaterThanOrEqual(rateBefore)
  },
  30_000,
)
