import { announced, idealMs, limiterShapes, type LimiterShape } from '../test/helpers/limiter-shapes'
import { startLimiterServer, tokenBucket, type AnnounceStyle } from '../test/helpers/limiters'
import { drawTargets } from '../test/helpers/limiters/random-limiter'
import { runTwoDesks } from '../test/helpers/two-desks'
import { clientFor } from './bench-client'
import { spawnLimiter } from './limiter-process'
import { benchRandomDraws, randomLimitersSummary } from './random-limiter-runs'
import { benchRealLimiters, realLimitersSummary, realLimitersTargets } from './real-limiter-runs'
import type { BenchOptions, PromisedFields } from './quick'
import { round } from './stats'
import { benchTwoDesksCores } from './two-desks-cores'

async function runShape(base: LimiterShape, style?: AnnounceStyle): Promise<Record<string, unknown>> {
  const shape = style === undefined ? base : announced(base, style)
  // The limiter in its own process, as a service would be: this one's busy event loop cannot
  // make two requests look closer together than they were sent.
  const server = await spawnLimiter(base.name, style)
  try {
    // One desk alone on the key: no headroom.
    const { client, log } = clientFor(server, { headroom: 0 })
    const started = performance.now()
    const results = await Promise.allSettled(
      Array.from({ length: shape.lookups }, (_, i) => client.send({ method: 'GET', path: `/api/payment/pay_${i}`, priority: 'batch' })),
    )
    const seconds = (performance.now() - started) / 1000
    const entries = log.snapshot()
    const rateLimited = entries.filter((entry) => entry.rateLimited).length
    return {
      shape: shape.name,
      ratio: round(idealMs(shape) / 1000 / seconds),
      rate429: round(rateLimited / entries.length, 4),
      lost: results.filter((result) => result.status === 'rejected').length,
      lookups: shape.lookups,
      requests: entries.length,
      seconds: round(seconds, 2),
      idealSeconds: idealMs(shape) / 1000,
    }
  } finally {
    await server.stop()
  }
}

async function runTwoDesksOverHttp(batchLookups: number): Promise<Record<string, unknown>> {
  const limit = 50
  const server = await startLimiterServer(tokenBucket({ rate: limit, burst: limit }), { latencyMs: 5 })
  try {
    // Both desks at the default headroom, each with its own scheduler, on one key.
    const figures = await runTwoDesks({
      deskA: clientFor(server, {}).client,
      deskB: clientFor(server, {}).client,
      batchLookups,
      intervalMs: 500,
      limit,
    })
    return { shape: 'two-desks-one-key-50-per-s', ...figures, server: server.stats() }
  } finally {
    await server.close()
  }
}

// One header family per shape, so each form is measured without quadrupling the run.
const announcedRuns: [string, Parameters<typeof announced>[1]][] = [
  ['fixed-window-100-per-2s', 'ratelimit'],
  ['sliding-log-25-per-1s-retry-after-1', 'ratelimit-legacy'],
  ['token-bucket-50-burst-50', 'x-ratelimit-delta'],
  ['limit-drops-60-to-20', 'x-ratelimit-epoch'],
]

/** Runs the given shapes (each alone or announcing in a header family) over real HTTP, one JSON line each on stdout. */
export async function benchShapesFor(runs: readonly { shape: LimiterShape; style?: AnnounceStyle }[]): Promise<Record<string, unknown>[]> {
  const lines: Record<string, unknown>[] = []
  for (const { shape, style } of runs) {
    console.error(`  ${shape.name}${style ? ` (${style})` : ''}: ${shape.lookups} lookups, ideal ${idealMs(shape) / 1000} s`)
    const line = await runShape(shape, style)
    console.log(JSON.stringify(line))
    lines.push(line)
  }
  return lines
}

export const shapesFields: PromisedFields = [
  'benchmark',
  'targets',
  'minRatio',
  'maxRate429',
  'minRatioWithHeaders',
  'maxRate429WithHeaders',
  'lost',
  'twoDesks',
  'twoAppCores',
  'shapes',
  'realLimiters',
  'random',
]

/** Quick: the first shape and its first announcing run, 60 lookups each; two desks with a 100-ID batch. */
function quickRuns(): { shape: LimiterShape; style?: AnnounceStyle }[] {
  const [name, style] = announcedRuns[0] ?? []
  const shape = limiterShapes.find((s) => s.name === name) ?? limiterShapes[0]
  if (!shape || !style) throw new Error('no limiter shape for the quick run')
  const small = { ...shape, lookups: 60 }
  return [{ shape: small }, { shape: small, style }]
}

/**
 * Fresh limiters drawn at random (random-limiter-runs.ts), then every limiter shape over real HTTP
 * (each limiter server in a process of its own, the real API client and scheduler), then the same
 * with announced limits, then the real limiters (real-limiter-runs.ts), then two desks on one key. One
 * JSON line per run on stdout as it ends; the summary object last.
 */
export async function benchShapes({ quick = false }: BenchOptions = {}): Promise<Record<string, unknown>> {
  const random = await benchRandomDraws(quick)
  const lines = await benchShapesFor(
    quick
      ? quickRuns()
      : [
          ...limiterShapes.map((shape) => ({ shape })),
          ...announcedRuns.flatMap(([name, style]) =>
            limiterShapes.filter((shape) => shape.name === name).map((shape) => ({ shape, style })),
          ),
        ],
  )
  const real = await benchRealLimiters(quick)
  console.error('  two desks on one key')
  const desks = await runTwoDesksOverHttp(quick ? 100 : 1_500)
  console.log(JSON.stringify(desks))
  console.error('  two desks on one key: two whole app cores against one sandbox process')
  const cores = await benchTwoDesksCores({ quick })
  console.log(JSON.stringify(cores))
  const plain = lines.filter((line) => !String(line.shape).includes('('))
  const withHeaders = lines.filter((line) => String(line.shape).includes('('))
  return {
    benchmark: 'shapes',
    targets: {
      ratio: 0.9,
      rate429: 0.01,
      lost: 0,
      withHeaders: { ratio: 0.97, rate429: 0 },
      twoDesks: { deskBp95Ms: 300, deskAShare: 0.85 },
      realLimiters: realLimitersTargets,
      random: drawTargets,
    },
    minRatio: Math.min(...plain.map((line) => Number(line.ratio))),
    maxRate429: Math.max(...plain.map((line) => Number(line.rate429))),
    minRatioWithHeaders: Math.min(...withHeaders.map((line) => Number(line.ratio))),
    maxRate429WithHeaders: Math.max(...withHeaders.map((line) => Number(line.rate429))),
    lost: lines.reduce((sum, line) => sum + Number(line.lost), 0),
    twoDesks: { deskBp95Ms: desks.deskBp95Ms, deskAShare: desks.deskAShare },
    twoAppCores: { deskBp95Ms: cores.deskBp95Ms, deskAShare: cores.deskAShare },
    shapes: lines,
    realLimiters: realLimitersSummary(real),
    random: randomLimitersSummary(random),
  }
}
