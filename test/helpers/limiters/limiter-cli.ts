import { announced, announceStyles, findLimiterShape, type LimiterRun } from '../limiter-shapes'
import { startLimiterServer, type LimiterServerStats } from './limiter-server'
import { benchDraw, randomShapePrefix } from './random-limiter'
import { startRealLimiter } from './real-limiters'

/**
 * One limiter shape's server in a process of its own, as a real service would be: a client's
 * busy event loop then cannot delay when the server sees a request arrive.
 * `node --import tsx/esm test/helpers/limiters/limiter-cli.ts <shape name> [announce style]`; prints its base URL
 * and key, and its stats as JSON when stdin closes. The real limiters (real-limiters.ts:
 * @nestjs/throttler, express-rate-limit) run by their names too, and take any key; `random:<seed>`
 * serves the limiter drawn from that seed for a bench run (random-limiter.ts `benchDraw`).
 */
function serve(baseUrl: string, apiKey: string, stats: () => LimiterServerStats, close: () => Promise<void>): void {
  console.log(`listening on ${baseUrl} key ${apiKey}`)
  process.stdin.resume()
  process.stdin.on('end', () => {
    console.log(`stats ${JSON.stringify(stats())}`)
    void close().then(() => process.exit(0))
  })
}

/** The limiter drawn from `random:<seed>` (a whole number), or undefined. */
function drawnFrom(name: string | undefined): LimiterRun | undefined {
  const seed = name?.startsWith(randomShapePrefix) ? name.slice(randomShapePrefix.length) : ''
  return /^\d+$/.test(seed) ? benchDraw(Number(seed)) : undefined
}

const [name, style] = process.argv.slice(2)
const real = startRealLimiter(name ?? '')
if (real !== null) {
  const limiter = await real
  const stats = () => {
    const rateLimited = limiter.statuses.filter((status) => status === 429).length
    return { requests: limiter.statuses.length, rateLimited, unauthorized: 0, maxInFlight: 0 }
  }
  serve(limiter.baseUrl, 'service_test_real_limiter', stats, () => limiter.close())
} else {
  const catalogued = findLimiterShape(name)
  const announceStyle = announceStyles.find((s) => s === style)
  const run: LimiterRun | undefined =
    announceStyle === undefined ? (catalogued ?? drawnFrom(name)) : catalogued && announced(catalogued, announceStyle)
  if (run === undefined || (style !== undefined && announceStyle === undefined)) {
    console.error(
      `Unknown shape or header style: ${String(name)} ${String(style)} (a drawn limiter is ${randomShapePrefix}<seed>, unannounced)`,
    )
    process.exit(2)
  }
  const server = await startLimiterServer(run.make(), { latencyMs: run.latencyMs, latencyJitterMs: run.latencyJitterMs })
  serve(
    server.baseUrl,
    server.apiKey,
    () => server.stats(),
    () => server.close(),
  )
}
