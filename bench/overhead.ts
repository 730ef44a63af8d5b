import { setTimeout as sleep } from 'node:timers/promises'
import { startBenchCore } from './core-process'
import { spawnSandbox } from './sandbox-process'
import { median, round } from './stats'

const rounds = 500
const warmup = 50
const paceMs = 2

/**
 * Per-lookup cost of the app's full path (contract parse, scheduler, client, request log,
 * response schema) against a raw fetch of the same sandbox URL. The two alternate, in
 * alternating order.
 */
export async function benchOverhead(): Promise<Record<string, unknown>> {
  const sandbox = await spawnSandbox(['--rate', '0'])
  const { core, close } = await startBenchCore(sandbox)
  // The throttle's waits are policy, not overhead: give it room so it never holds a lookup
  // back. Every lookup still goes through it (queue, token bucket, accounting).
  core.scheduler.configure({ ceiling: 1_000, initialRate: 1_000, concurrency: 64 })
  const id = 'pay_seed_card_declined'
  const url = `${sandbox.baseUrl}/api/payment/${id}`
  const headers = { 'X-Service-Api-Key': sandbox.apiKey, 'Content-Type': 'application/json', Accept: 'application/json' }
  const sender = { frameUrl: 'file:///bench', fromAppWindow: true }

  async function raw(): Promise<number> {
    const start = performance.now()
    const response = await fetch(url, { headers })
    await response.json()
    if (!response.ok) throw new Error(`raw fetch answered ${response.status}`)
    return performance.now() - start
  }
  async function full(): Promise<number> {
    const start = performance.now()
    const result = await core.dispatcher.dispatch('getPayment', sender, { id })
    if (!result.ok) throw new Error(`full path failed: ${result.error.message}`)
    return performance.now() - start
  }

  const rawTimes: number[] = []
  const fullTimes: number[] = []
  try {
    for (let i = 0; i < rounds + warmup; i++) {
      const [first, second] = i % 2 === 0 ? [raw, full] : [full, raw]
      const a = await first()
      const b = await second()
      if (i >= warmup) {
        rawTimes.push(first === raw ? a : b)
        fullTimes.push(first === raw ? b : a)
      }
      await sleep(paceMs)
    }
  } finally {
    await close()
    await sandbox.stop()
  }
  const rawMedian = median(rawTimes)
  const fullMedian = median(fullTimes)
  return {
    benchmark: 'overhead',
    rounds,
    rawMedianMs: round(rawMedian),
    fullMedianMs: round(fullMedian),
    medianRatio: round(fullMedian / rawMedian),
    target: 1.1,
    meetsTarget: fullMedian / rawMedian <= 1.1,
  }
}
