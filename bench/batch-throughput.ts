import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { bulkPaymentId } from '../src/sandbox'
import type { BatchJob } from '../src/shared/contract/batch-schema'
import { startBenchCore } from './core-process'
import { spawnSandbox, type SandboxProcess } from './sandbox-process'
import type { BenchOptions } from './quick'
import { median, round } from './stats'

const sizes = { full: { lookups: 5_000, idleProbes: 20 }, quick: { lookups: 100, idleProbes: 2 } }
const limit = 50

async function admin(sandbox: SandboxProcess, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${sandbox.baseUrl}/sandbox/${path}`, {
    method: 'PUT',
    headers: { 'X-Service-Api-Key': sandbox.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`sandbox admin ${path} answered ${response.status}`)
}

interface BatchFigures {
  throughput: number
  ratio: number
  rate429: number
  requests: number
  lost: number
  duplicated: number
  lookupErrors: number
  seconds: number
  interactiveIdleMs?: number
  interactiveBusyMs?: number
  interactiveRatio?: number
}

/** Runs one 5,000-ID batch through the app and checks every ID has exactly one result on disk. */
async function runBatch(sandbox: SandboxProcess, probeInteractive: boolean, quick: boolean): Promise<BatchFigures> {
  const { lookups, idleProbes } = quick ? sizes.quick : sizes.full
  const { core, close, dataDir } = await startBenchCore(sandbox)
  try {
    const sender = { frameUrl: 'bench', fromAppWindow: true }
    const interactive = async (): Promise<number> => {
      const start = performance.now()
      const result = await core.dispatcher.dispatch('getPayment', sender, { id: 'pay_seed_card_declined' })
      if (!result.ok) throw new Error(`interactive lookup failed: ${result.error.message}`)
      return performance.now() - start
    }
    const idle: number[] = []
    if (probeInteractive)
      for (let i = 0; i < idleProbes; i++) {
        idle.push(await interactive())
        await new Promise((resolve) => setTimeout(resolve, 100))
      }

    const ids = Array.from({ length: lookups }, (_, i) => bulkPaymentId(i + 1))
    const logBefore = core.requestLog.snapshot().length
    const started = performance.now()
    let job: BatchJob = await core.batches.start(ids, 'bench')
    const busy: number[] = []
    while (job.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 500))
      if (probeInteractive) busy.push(await interactive())
      job = core.batches.list().find((j) => j.id === job.id) ?? job
    }
    const seconds = (performance.now() - started) / 1000
    const log = core.requestLog
      .snapshot()
      .slice(logBefore)
      .filter((e) => e.priority === 'batch')
    const lines = (await readFile(join(dataDir, 'batches', job.id, 'results.jsonl'), 'utf8')).split('\n').filter(Boolean)
    const seen = new Map<string, number>()
    for (const line of lines) {
      const { id } = JSON.parse(line) as { id: string }
      seen.set(id, (seen.get(id) ?? 0) + 1)
    }
    const results = core.batches.results(job.id)
    const figures: BatchFigures = {
      throughput: round(results.length / seconds, 2),
      ratio: round(results.length / seconds / limit),
      rate429: round(log.length === 0 ? 0 : log.filter((e) => e.rateLimited).length / log.length, 4),
      requests: log.length,
      lost: ids.filter((id) => !seen.has(id)).length,
      duplicated: [...seen.values()].filter((count) => count > 1).length,
      lookupErrors: results.filter((r) => r.outcome === 'error').length,
      seconds: round(seconds, 2),
    }
    if (probeInteractive) {
      figures.interactiveIdleMs = round(median(idle))
      figures.interactiveBusyMs = round(median(busy))
      figures.interactiveRatio = round(median(busy) / median(idle), 2)
    }
    return figures
  } finally {
    await close()
  }
}

/**
 * 5,000 IDs through the batch runner against a sandbox limited to 50 req/s (burst 50)
 * that the app is not told about; then the same with 10% 500s and 5% resets.
 */
export async function benchBatchThroughput({ quick = false }: BenchOptions = {}): Promise<Record<string, unknown>> {
  const { lookups } = quick ? sizes.quick : sizes.full
  const args = ['--rate', String(limit), '--burst', String(limit), '--payments', String(lookups)]
  const clean = await spawnSandbox(args)
  let plain: BatchFigures
  try {
    plain = await runBatch(clean, true, quick)
  } finally {
    await clean.stop()
  }
  console.error(`  clean: ${JSON.stringify(plain)}`)
  const faulty = await spawnSandbox(args)
  let faults: BatchFigures
  try {
    await admin(faulty, 'faults', { errorRate: 0.1, resetRate: 0.05 })
    faults = await runBatch(faulty, false, quick)
  } finally {
    await faulty.stop()
  }
  console.error(`  faults: ${JSON.stringify(faults)}`)
  return {
    limit,
    lookups,
    ratio: plain.ratio,
    rate429: plain.rate429,
    lost: plain.lost,
    duplicated: plain.duplicated,
    faultsLost: faults.lost,
    faultsDuplicated: faults.duplicated,
    faultsLookupErrors: faults.lookupErrors,
    interactiveRatio: plain.interactiveRatio,
    clean: plain,
    withFaults: faults,
  }
}
