import { setTimeout as sleep } from 'node:timers/promises'
import { startBenchCore } from './core-process'
import type { BenchOptions, PromisedFields } from './quick'
import { spawnSandbox } from './sandbox-process'
import { median, round } from './stats'

const sizes = { full: { rounds: 500, warmup: 50 }, quick: { rounds: 20, warmup: 5 } }
const paceMs = 2

export const overheadFields: PromisedFields = [
  'benchmark',
  'rounds',
  'rawMedianMs',
  'fullMedianMs',
  'medianRatio',
  'layerRatios',
  'target',
  'meetsTarget',
]

/**
 * Per-lookup cost of the app's full path (contract parse, scheduler, client, request log,
 * response schema) against a raw fetch of the same sandbox URL. The layers in between
 * are timed too, to show where the difference comes from. All run in every round, in
 * alternating order.
 */
export async function benchOverhead({ quick = false }: BenchOptions = {}): Promise<Record<string, unknown>> {
  const { rounds, warmup } = quick ? sizes.quick : sizes.full
  const sandbox = await spawnSandbox(['--rate', '0'])
  const { core, close } = await startBenchCore(sandbox)
  // The throttle's waits are policy, not overhead: give it room so it never holds a lookup
  // back. Every lookup still goes through it (queue, token bucket, accounting).
  core.scheduler.configure({ ceiling: 1_000, initialRate: 1_000, concurrency: 64 })
  const id = 'pay_seed_card_declined'
  const url = `${sandbox.baseUrl}/api/payment/${id}`
  const headers = { 'X-Service-Api-Key': sandbox.apiKey, 'Content-Type': 'application/json', Accept: 'application/json' }
  const sender = { frameUrl: 'app://payments-desk/index.html', fromAppWindow: true }

  async function raw(): Promise<unknown> {
    const response = await fetch(url, { headers })
    if (!response.ok) throw new Error(`raw fetch answered ${response.status}`)
    return response.json()
  }
  const variants = {
    raw,
    // + the request scheduler around the same raw fetch
    scheduler: () =>
      core.scheduler.schedule(
        async (ctx) => {
          const value = await raw()
          ctx.report('ok')
          return value
        },
        { priority: 'interactive' },
      ),
    // + the API client: connection, timeout, body limits, error classification, request log
    client: () => core.client.send({ method: 'GET', path: `/api/payment/${id}`, priority: 'interactive' }),
    // + the payment service: ID check, payment schema
    service: () => core.payments.get(id),
    // + the IPC dispatcher: sender check, request and response schemas
    full: async () => {
      const result = await core.dispatcher.dispatch('getPayment', sender, { id })
      if (!result.ok) throw new Error(`full path failed: ${result.error.message}`)
    },
  }
  const names = Object.keys(variants) as (keyof typeof variants)[]
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<keyof typeof variants, number[]>
  try {
    for (let i = 0; i < rounds + warmup; i++) {
      for (const name of i % 2 === 0 ? names : [...names].reverse()) {
        const start = performance.now()
        await variants[name]()
        if (i >= warmup) times[name].push(performance.now() - start)
        await sleep(paceMs)
      }
    }
  } finally {
    await close()
    await sandbox.stop()
  }
  const rawMedian = median(times.raw)
  const fullMedian = median(times.full)
  return {
    benchmark: 'overhead',
    rounds,
    rawMedianMs: round(rawMedian),
    fullMedianMs: round(fullMedian),
    medianRatio: round(fullMedian / rawMedian),
    // Each layer's median against raw: the step from one to the next is what that layer adds.
    layerRatios: Object.fromEntries(names.map((name) => [name, round(median(times[name]) / rawMedian)])),
    target: 1.1,
    meetsTarget: fullMedian / rawMedian <= 1.1,
  }
}
