import autocannon from 'autocannon'
import type { BenchOptions, PromisedFields } from './quick'
import { spawnSandbox } from './sandbox-process'

export const sandboxFields: PromisedFields = [
  'benchmark',
  'reqPerSec',
  'latencyP50Ms',
  'latencyP99Ms',
  'requests',
  'non2xx',
  'errors',
  'target',
  'meetsTarget',
]

/** GET /api/payment/{id} throughput on loopback with the rate limit off. Target: 5,000 req/s or more. */
export async function benchSandbox({ quick = false }: BenchOptions = {}): Promise<Record<string, unknown>> {
  const sandbox = await spawnSandbox(['--rate', '0'])
  try {
    const options = {
      url: `${sandbox.baseUrl}/api/payment/pay_seed_card_declined`,
      headers: { 'X-Service-Api-Key': sandbox.apiKey, Accept: 'application/json' },
      connections: 32,
      pipelining: 1,
    }
    await autocannon({ ...options, duration: quick ? 0.5 : 2 })
    const result = await autocannon({ ...options, duration: quick ? 1 : 8 })
    return {
      benchmark: 'sandbox',
      reqPerSec: Math.round(result.requests.average),
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      target: 5000,
      meetsTarget: result.requests.average >= 5000 && result.non2xx === 0 && result.errors === 0,
    }
  } finally {
    await sandbox.stop()
  }
}
