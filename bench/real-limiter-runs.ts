import type { ApiClient } from '../src/main/api/api-client'
import { AppError } from '../src/shared/app-error'
import { ceilingPerSecond, longRunPerSecond, processLimiterNames, realLimiterWindows, type LimiterWindow } from '../test/helpers/limiters'
import { runTwoDesks } from '../test/helpers/two-desks'
import { clientFor, refusedAfterFirstAnswer } from './bench-client'
import { spawnLimiter } from './limiter-process'
import type { PromisedFields } from './quick'
import { round } from './stats'

const windowsOf = (name: string): readonly LimiterWindow[] => {
  const windows = realLimiterWindows(name)
  if (windows === null) throw new Error(`${name} is not a real limiter`)
  return windows
}

/**
 * A real limiter in its own process against the app's request path alone on the key (no
 * headroom): a batch of what the limiter allows in about `seconds`, and an interactive lookup
 * every 500 ms while it runs, or every 4 / ceiling s where that is sparser: at the named
 * throttlers' 2 per second, lookups every 500 ms would take the whole limit and the batch none.
 * Every success counts towards the ratio, the interactive ones included: both spend the limit.
 */
export async function runRealLimiter(name: string, seconds: number): Promise<Record<string, unknown>> {
  const windows = windowsOf(name)
  const planned = ceilingPerSecond(windows, seconds)
  const lookups = Math.round(planned * seconds)
  const intervalMs = Math.max(500, Math.round(4_000 / planned))
  console.error(`  real ${name}: ${lookups} lookups, an interactive one every ${intervalMs} ms`)
  const server = await spawnLimiter(name)
  try {
    const { client, log } = clientFor(server, { headroom: 0 })
    // A lookup behind a long pause is answered at once ("the service asked to wait"), by design:
    // counted apart, not as lost; the interactive percentiles are of lookups answered with the payment.
    let askedToWait = 0
    const interactive: ApiClient = {
      send: (request) =>
        client.send(request).catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'service-asked-to-wait') askedToWait += 1
          throw error
        }),
    }
    const figures = await runTwoDesks({ deskA: client, deskB: interactive, batchLookups: lookups, intervalMs, limit: planned })
    const entries = log.snapshot()
    const rateLimited = entries.filter((entry) => entry.rateLimited)
    const ceiling = ceilingPerSecond(windows, figures.deskASeconds)
    const longRun = longRunPerSecond(windows)
    const successes = entries.filter((entry) => entry.status === 200).length
    const rate = successes / figures.deskASeconds
    return {
      limiter: name,
      // The measure: of the rate any run can keep however long it goes (the named
      // throttlers' "long" 100 per minute). A run shorter than the longest window could have gone
      // faster without meeting it, but only by knowing when it would end: `ofBestInRun` says how much.
      ratio: round(rate / longRun),
      ofBestInRun: round(rate / ceiling),
      ceilingPerSecond: round(ceiling, 2),
      longRunPerSecond: round(longRun, 2),
      rate429: round(rateLimited.length / entries.length, 4),
      rateLimitedAfterFirstAnswer: refusedAfterFirstAnswer(entries),
      interactiveP95Ms: figures.deskBp95Ms,
      interactiveMaxMs: figures.deskBMaxMs,
      interactiveAskedToWait: askedToWait,
      lost: figures.deskALost + figures.deskBLost - askedToWait,
      lookups,
      intervalMs,
      interactiveLookups: figures.deskBLookups,
      requests: entries.length,
      seconds: figures.deskASeconds,
      server: await server.stop(),
    }
  } catch (error) {
    await server.stop()
    throw error
  }
}

/**
 * Every real limiter (@nestjs/throttler in the three configurations, express-rate-limit in
 * each header mode), one JSON line each on stdout as it ends. Full runs 40 s of batch each, as the
 * issue's table measured, so a run goes on past the named "long" throttler's minute; quick ones 2 s.
 */
export async function benchRealLimiters(quick: boolean): Promise<Record<string, unknown>[]> {
  const lines: Record<string, unknown>[] = []
  for (const name of processLimiterNames) {
    const line = await runRealLimiter(name, quick ? 2 : 40)
    console.log(JSON.stringify(line))
    lines.push(line)
  }
  return lines
}

export const realLimitersTargets = { ratio: 0.95, rateLimitedAfterFirstAnswer: 0, interactiveP95Ms: 300, lost: 0 }

export const realLimitersFields: PromisedFields = [
  'minRatio',
  'maxRate429',
  'rateLimitedAfterFirstAnswer',
  'maxInteractiveP95Ms',
  'lost',
  'runs',
]

/** What the summary says of the real limiters (realLimitersFields). */
export function realLimitersSummary(lines: readonly Record<string, unknown>[]): Record<string, unknown> {
  const numbers = (field: string) => lines.map((line) => Number(line[field]))
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
  return {
    minRatio: Math.min(...numbers('ratio')),
    maxRate429: Math.max(...numbers('rate429')),
    rateLimitedAfterFirstAnswer: sum(numbers('rateLimitedAfterFirstAnswer')),
    maxInteractiveP95Ms: Math.max(...numbers('interactiveP95Ms')),
    lost: sum(numbers('lost')),
    runs: lines,
  }
}
