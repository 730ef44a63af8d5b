import { announced, announceStyles, findLimiterShape } from '../limiter-shapes'
import { startLimiterServer } from './limiter-server'

/**
 * One limiter shape's server in a process of its own, as a real service would be: a client's
 * busy event loop then cannot delay when the server sees a request arrive.
 * `tsx test/helpers/limiters/limiter-cli.ts <shape name> [announce style]`; prints its base URL
 * and key, and its stats as JSON when stdin closes.
 */
const [name, style] = process.argv.slice(2)
const base = findLimiterShape(name)
const announceStyle = announceStyles.find((s) => s === style)
if (base === undefined || (style !== undefined && announceStyle === undefined)) {
  console.error(`Unknown shape or header style: ${String(name)} ${String(style)}`)
  process.exit(2)
}
const shape = announceStyle === undefined ? base : announced(base, announceStyle)
const server = await startLimiterServer(shape.make(), { latencyMs: shape.latencyMs })
console.log(`listening on ${server.baseUrl} key ${server.apiKey}`)
process.stdin.resume()
process.stdin.on('end', () => {
  console.log(`stats ${JSON.stringify(server.stats())}`)
  void server.close().then(() => process.exit(0))
})
