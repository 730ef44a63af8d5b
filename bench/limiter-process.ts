import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import type { AnnounceStyle, LimiterServerStats } from '../test/helpers/limiters'

export interface LimiterProcess {
  baseUrl: string
  apiKey: string
  /** Ends the process and answers what its server counted. */
  stop(): Promise<LimiterServerStats>
}

/**
 * A limiter shape's server in its own process (test/helpers/limiters/limiter-cli.ts), or a real
 * limiter's (processLimiterNames). `tsx/esm`, not `tsx`: tsx's require hook compiles an ES module
 * that CommonJS requires into a second copy, so @nestjs/throttler (CommonJS) would get its own
 * @nestjs/core (ES modules only) and Nest could not give its guard the app's Reflector. With the
 * ES module hooks alone, Node's own require of an ES module returns the one already loaded.
 */
export async function spawnLimiter(shapeName: string, style?: AnnounceStyle): Promise<LimiterProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx/esm', 'test/helpers/limiters/limiter-cli.ts', shapeName, ...(style ? [style] : [])],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  )
  const lines = createInterface({ input: child.stdout })
  const iterator = lines[Symbol.asyncIterator]()
  const first = await iterator.next()
  const match = /^listening on (\S+) key (\S+)$/.exec(first.value ?? '')
  if (!match?.[1] || !match[2]) throw new Error(`the limiter process for ${shapeName} did not start`)
  return {
    baseUrl: match[1],
    apiKey: match[2],
    async stop() {
      const exited = once(child, 'exit')
      child.stdin.end()
      const last = await iterator.next()
      await exited
      return JSON.parse((last.value ?? '').replace(/^stats /, '')) as LimiterServerStats
    },
  }
}
