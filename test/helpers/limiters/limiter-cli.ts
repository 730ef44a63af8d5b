import { announced, announceStyles, findLimiterShape } from '../limiter-shapes'
import { startLimiterServer, type LimiterServerStats } from './limiter-server'
import { startRealLimiter } from './real-limiters'

/**
 * One limiter shape's server in a process of its own, as a real service would be: a client's
 * busy event loop then cannot delay when the server sees a request arrive.
 * `node --import tsx/esm test/helpers/limiters/limiter-cli.ts <shape name> [announce style]`; prints its base URL
 * and key, and its stats as JSON when stdin closes. The real limiters (real-limiters.ts:
 * @nestjs/throttler, express-rate-limit) run by their names too, and take any key.
 */
function serve(baseUrl: string, apiKey: string, stats: () => LimiterServerStats, close: () => Promise<void>): void {
  console.log(`listening on ${baseUrl} key ${apiKey}`)
  process.stdin.resume()
  process.stdin.on('end', () => {
    console.log(`stats ${JSON.stringify(stats())}`)
    void close().then(() => process.exit(0))
  })
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
  const base = findLimiterShape(name)
  const announceStyle = announceStyles.find((s) => s === style)
  if (base === undefined || (style !== undefined && announceStyle === undefined)) {
    console.error(`Unknown shape or header style: ${String(name)} ${String(style)}`)
    process.exit(2)
  }
  const shape = announceStyle === undefined ? base : announced(base, announceStyle)
  const server = await startLimiterServer(shape.make(), { latencyMs: shape.latencyMs })
  serve(
    server.baseUrl,
    server.apiKey,
    () => server.stats(),
    () => server.close(),
  )
}
