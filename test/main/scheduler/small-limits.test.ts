import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { tokenBucket } from '../../helpers/limiters'
import { runShape } from './virtual-run'

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 })
})
afterEach(() => {
  vi.useRealTimers()
})

// A limit of a few requests a second with the default headroom: once a token bucket this small
// was read as a window of 2, batch work's share of "2 less one" came to 0.9 of a request per
// window, and the batch stopped for good after five lookups.
it.each([
  { rate: 4, burst: 2 },
  { rate: 2, burst: 1 },
  { rate: 1, burst: 1 },
])('finishes a batch under a token bucket of $rate/s, burst $burst, with headroom, nothing lost', async ({ rate, burst }) => {
  const lookups = 40
  const figures = await runShape(
    { name: `token-bucket-${rate}-burst-${burst}`, make: () => tokenBucket({ rate, burst }), latencyMs: 5, lookups, limitAt: () => rate },
    { headroom: 0.1 },
  )
  expect(figures.lost).toBe(0)
  // Headroom leaves a tenth, and a limit this small is found in whole requests: half the ideal at least.
  expect(figures.ratio).toBeGreaterThan(0.5)
})
