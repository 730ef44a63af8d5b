import { bulkPaymentId } from '../src/sandbox'
import type { BatchJob } from '../src/shared/contract/batch-schema'
import { startBenchCore } from './core-process'
import type { BenchOptions, PromisedFields } from './quick'
import { spawnSandbox } from './sandbox-process'
import { round } from './stats'

const limit = 50
const sizes = { full: { batchLookups: 1_500, idleLookups: 10 }, quick: { batchLookups: 100, idleLookups: 2 } }
const intervalMs = 500
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0
}

export const twoDesksCoresFields: PromisedFields = [
  'shape',
  'deskAShare',
  'deskASeconds',
  'deskALost',
  'deskBIdleP95Ms',
  'deskBLookups',
  'deskBp50Ms',
  'deskBp95Ms',
  'deskBMaxMs',
  'deskB429s',
]

/**
 * The two desks as the app runs them: two whole app cores (each its own scheduler,
 * request log and data folder, at the default headroom) on one key of one sandbox process
 * limited to 50 req/s. Desk A runs a 1,500-ID batch; desk B looks a payment up every 500 ms,
 * first while A is idle, then while A's batch runs.
 */
export async function benchTwoDesksCores({ quick = false }: BenchOptions = {}): Promise<Record<string, unknown>> {
  const { batchLookups, idleLookups } = quick ? sizes.quick : sizes.full
  const sandbox = await spawnSandbox(['--rate', String(limit), '--burst', String(limit), '--payments', String(batchLookups)])
  const deskA = await startBenchCore(sandbox)
  const deskB = await startBenchCore(sandbox)
  try {
    const sender = { frameUrl: 'bench', fromAppWindow: true }
    const lookup = async (): Promise<number> => {
      const started = performance.now()
      const result = await deskB.core.dispatcher.dispatch('getPayment', sender, { id: 'pay_seed_card_declined' })
      if (!result.ok) throw new Error(`desk B's lookup failed: ${result.error.message}`)
      return performance.now() - started
    }
    const idle: number[] = []
    for (let i = 0; i < idleLookups; i++) {
      idle.push(await lookup())
      await sleep(intervalMs)
    }
    const ids = Array.from({ length: batchLookups }, (_, i) => bulkPaymentId(i + 1))
    const started = performance.now()
    let job: BatchJob = await deskA.core.batches.start(ids, 'bench')
    const busy: number[] = []
    while (job.status === 'running') {
      const at = performance.now()
      busy.push(await lookup())
      await sleep(Math.max(0, intervalMs - (performance.now() - at)))
      job = deskA.core.batches.list().find((j) => j.id === job.id) ?? job
    }
    const seconds = (performance.now() - started) / 1000
    const results = deskA.core.batches.results(job.id)
    const deskBLog = deskB.core.requestLog.snapshot()
    const sortedIdle = [...idle].sort((a, b) => a - b)
    const sortedBusy = [...busy].sort((a, b) => a - b)
    return {
      shape: 'two-desks-two-app-cores-50-per-s',
      deskAShare: round(results.length / seconds / limit),
      deskASeconds: round(seconds, 2),
      deskALost: batchLookups - results.length,
      deskBIdleP95Ms: round(percentile(sortedIdle, 95)),
      deskBLookups: busy.length,
      deskBp50Ms: round(percentile(sortedBusy, 50)),
      deskBp95Ms: round(percentile(sortedBusy, 95)),
      deskBMaxMs: round(sortedBusy.at(-1) ?? 0),
      deskB429s: deskBLog.filter((entry) => entry.rateLimited).length,
    }
  } finally {
    await deskA.close()
    await deskB.close()
    await sandbox.stop()
  }
}
