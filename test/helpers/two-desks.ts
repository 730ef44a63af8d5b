import type { ApiClient } from '../../src/main/api/api-client'

export interface TwoDesksOptions {
  /** Desk A: runs the batch. Desk B: one interactive lookup every `intervalMs` while it runs. */
  deskA: ApiClient
  deskB: ApiClient
  batchLookups: number
  intervalMs: number
  /** The key's sustained limit, req/s, for A's share. */
  limit: number
  now?: () => number
}

export interface TwoDesksFigures {
  /** Desk A's successes per second over the limit. */
  deskAShare: number
  deskASeconds: number
  deskALost: number
  deskBLookups: number
  deskBp50Ms: number
  deskBp95Ms: number
  deskBMaxMs: number
  deskBLost: number
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

/** Two desks on one key, as in the issue: desk B's lookup times while desk A's batch runs. */
export async function runTwoDesks(options: TwoDesksOptions): Promise<TwoDesksFigures> {
  const now = options.now ?? (() => performance.now())
  const lookup = (client: ApiClient, i: number, priority: 'batch' | 'interactive') =>
    client.send({ method: 'GET', path: `/api/payment/pay_${priority}_${i}`, priority })
  const started = now()
  const progress = { done: false }
  const batch = Promise.allSettled(Array.from({ length: options.batchLookups }, (_, i) => lookup(options.deskA, i, 'batch'))).then(
    (results) => {
      progress.done = true
      return results
    },
  )
  const times: number[] = []
  let deskBLost = 0
  for (let i = 0; !progress.done; i++) {
    const at = now()
    try {
      await lookup(options.deskB, i, 'interactive')
      times.push(now() - at)
    } catch {
      deskBLost += 1
    }
    const wait = options.intervalMs - (now() - at)
    if (wait > 0) await Promise.race([sleep(wait), batch])
  }
  const results = await batch
  const seconds = (now() - started) / 1000
  const succeeded = results.filter((result) => result.status === 'fulfilled').length
  const sorted = [...times].sort((a, b) => a - b)
  return {
    deskAShare: Math.round((succeeded / seconds / options.limit) * 1000) / 1000,
    deskASeconds: Math.round(seconds * 100) / 100,
    deskALost: options.batchLookups - succeeded,
    deskBLookups: times.length + deskBLost,
    deskBp50Ms: Math.round(percentile(sorted, 50)),
    deskBp95Ms: Math.round(percentile(sorted, 95)),
    deskBMaxMs: Math.round(sorted.at(-1) ?? 0),
    deskBLost,
  }
}
