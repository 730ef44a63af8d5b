import pLimit from 'p-limit'
import { documentedErrorCodes, seedIds } from '../src/sandbox'
import { startBenchCore } from './core-process'
import type { BenchOptions, PromisedFields } from './quick'
import { spawnSandbox, type SandboxProcess } from './sandbox-process'
import { round } from './stats'

const sizes = { full: 5_000, quick: 100 }
const limit = 50
const baselineMaxAttempts = 10

interface RunFigures {
  limit: number
  throughput: number
  ratio: number
  rate429: number
  lost: number
  requests: number
  seconds: number
}

function ids(lookups: number): string[] {
  const all = [...documentedErrorCodes.map((code) => seedIds.failed(code)), ...seedIds.settled, ...seedIds.pending]
  return Array.from({ length: lookups }, (_, i) => all[i % all.length] ?? 'pay_seed_card_declined')
}

function figures(lookups: number, succeeded: number, requests: number, rateLimited: number, seconds: number): RunFigures {
  const throughput = succeeded / seconds
  return {
    limit,
    throughput: round(throughput, 2),
    ratio: round(throughput / limit),
    rate429: round(requests === 0 ? 0 : rateLimited / requests, 4),
    lost: lookups - succeeded,
    requests,
    seconds: round(seconds, 2),
  }
}

async function runApp(sandbox: SandboxProcess, lookups: number): Promise<RunFigures> {
  const { core, close } = await startBenchCore(sandbox)
  try {
    const started = performance.now()
    const results = await Promise.allSettled(ids(lookups).map((id) => core.payments.get(id, { priority: 'batch', remember: false })))
    const seconds = (performance.now() - started) / 1000
    const log = core.requestLog.snapshot()
    const succeeded = results.filter((r) => r.status === 'fulfilled').length
    return figures(lookups, succeeded, log.length, log.filter((e) => e.rateLimited).length, seconds)
  } finally {
    await close()
  }
}

/** A client with no throttle that still honours Retry-After: how most scripts are written. */
async function runBaseline(sandbox: SandboxProcess, lookups: number, concurrency: number | null): Promise<RunFigures> {
  let requests = 0
  let rateLimited = 0
  async function lookup(id: string): Promise<boolean> {
    for (let attempt = 1; attempt <= baselineMaxAttempts; attempt++) {
      requests += 1
      const response = await fetch(`${sandbox.baseUrl}/api/payment/${id}`, { headers: { 'X-Service-Api-Key': sandbox.apiKey } })
      await response.arrayBuffer()
      if (response.status !== 429) return response.ok
      rateLimited += 1
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000))
    }
    return false
  }
  const run =
    concurrency === null
      ? lookup
      : (
          (gate) => (id: string) =>
            gate(() => lookup(id))
        )(pLimit(concurrency))
  const started = performance.now()
  const results = await Promise.all(ids(lookups).map((id) => run(id).catch(() => false)))
  const seconds = (performance.now() - started) / 1000
  return figures(lookups, results.filter(Boolean).length, requests, rateLimited, seconds)
}

async function withFreshSandbox<T>(run: (sandbox: SandboxProcess) => Promise<T>): Promise<T> {
  const sandbox = await spawnSandbox(['--rate', String(limit), '--burst', String(limit)])
  try {
    return await run(sandbox)
  } finally {
    await sandbox.stop()
  }
}

export const schedulerFields: PromisedFields = [
  'benchmark',
  'lookups',
  'limit',
  'throughput',
  'ratio',
  'rate429',
  'lost',
  'requests',
  'seconds',
  'targets',
  'meetsTargets',
  'baselines',
]

/**
 * 5,000 lookups against a sandbox limited to 50 req/s (burst 50) that the app is not
 * told about; the same lookups by a naive Promise.all and by p-limit(8), in the same run.
 */
export async function benchScheduler({ quick = false }: BenchOptions = {}): Promise<Record<string, unknown>> {
  const lookups = quick ? sizes.quick : sizes.full
  const app = await withFreshSandbox((sandbox) => runApp(sandbox, lookups))
  console.error(`  app: ${JSON.stringify(app)}`)
  const promiseAll = await withFreshSandbox((sandbox) => runBaseline(sandbox, lookups, null))
  console.error(`  Promise.all: ${JSON.stringify(promiseAll)}`)
  const pLimit8 = await withFreshSandbox((sandbox) => runBaseline(sandbox, lookups, 8))
  console.error(`  p-limit(8): ${JSON.stringify(pLimit8)}`)
  return {
    benchmark: 'scheduler',
    lookups,
    ...app,
    targets: { ratio: 0.95, rate429: 0.01, lost: 0 },
    meetsTargets: app.ratio >= 0.95 && app.rate429 <= 0.01 && app.lost === 0,
    baselines: { promiseAll, pLimit8 },
  }
}
