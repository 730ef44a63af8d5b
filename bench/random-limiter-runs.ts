import { randomInt } from 'node:crypto'
import { allowed, lookupsBesideBatch, oneDesk, type DeskEnv } from '../test/helpers/desk-runs'
import { idealMs } from '../test/helpers/limiter-shapes'
import {
  allowsInteractiveTarget,
  benchDraw,
  drawHeadroom,
  drawLimits,
  drawTargets,
  holdsInteractive,
  meetsDrawTargets,
  randomShapePrefix,
  type RandomLimiter,
} from '../test/helpers/limiters/random-limiter'
import type { ApiClient } from '../src/main/api/api-client'
import { clientFor, refusedAfterFirstAnswer } from './bench-client'
import { spawnLimiter } from './limiter-process'
import type { PromisedFields } from './quick'
import { round } from './stats'

/** A whole number from the environment, or `fallback`; anything else is a mistake the run names. */
export function wholeFromEnv(name: string, fallback: () => number): number {
  const text = process.env[name]
  if (text === undefined || text === '') return fallback()
  if (!/^\d+$/.test(text)) throw new Error(`${name} must be a whole number, got "${text}"`)
  return Number(text)
}

/** The app's request path against `server`, and what its request logs count: one client per desk. */
function desksOn(server: { baseUrl: string; apiKey: string }, desks: number): { clients: ApiClient[]; env: DeskEnv } {
  const made = Array.from({ length: desks }, () => clientFor(server, { ...drawLimits, headroom: drawHeadroom }))
  const env: DeskEnv = {
    now: () => performance.now(),
    counts: () => {
      const entries = made.flatMap(({ log }) => log.snapshot())
      return {
        requests: entries.length,
        rateLimited: entries.filter((entry) => entry.rateLimited).length,
        refusedAfterFirstAnswer: refusedAfterFirstAnswer(entries),
      }
    },
  }
  return { clients: made.map(({ client }) => client), env }
}

/** `work` against a fresh process of the draw's limiter; its figures and what the server saw. */
async function onFreshLimiter<T>(draw: RandomLimiter, work: (server: { baseUrl: string; apiKey: string }) => Promise<T>) {
  const server = await spawnLimiter(`${randomShapePrefix}${draw.seed}`)
  try {
    const figures = await work(server)
    return { figures, server: await server.stop() }
  } catch (error) {
    await server.stop()
    throw error
  }
}

/**
 * One desk against the draw's limiter in its own process, over real HTTP, measured as the
 * property test measures it in virtual time (desk-runs.ts `oneDesk`): the default headroom, the
 * draws' limits, a batch plus a lookup every 500 ms where the headroom holds it. Where the limiter
 * allows the interactive target, then a colleague's lookups beside the batch (`lookupsBesideBatch`,
 * two desks on one key, a fresh limiter): desk B's p95.
 */
async function runDrawOverHttp(draw: RandomLimiter, lookups: number): Promise<Record<string, unknown>> {
  const run = { ...draw, lookups }
  const alone = await onFreshLimiter(draw, (server) => {
    const { clients, env } = desksOn(server, 1)
    const [client] = clients as [ApiClient]
    return oneDesk(client, run, drawHeadroom, holdsInteractive(draw), env)
  })
  const beside = allowsInteractiveTarget(draw)
    ? await onFreshLimiter(draw, (server) => {
        const { clients, env } = desksOn(server, 2)
        const [deskA, deskB] = clients as [ApiClient, ApiClient]
        return lookupsBesideBatch(deskA, deskB, run, drawHeadroom, env)
      })
    : null
  return {
    seed: draw.seed,
    algorithm: draw.algorithm,
    draw: draw.name,
    params: draw.params,
    retryAfter: draw.retryAfter,
    announced: draw.announced,
    meetsTargets: meetsDrawTargets(draw, alone.figures),
    ...alone.figures,
    lookups,
    idealSeconds: round(idealMs(allowed(run, drawHeadroom)) / 1000, 2),
    server: alone.server,
    colleague:
      beside === null
        ? null
        : {
            p95Ms: beside.figures.interactiveP95Ms,
            lookups: beside.figures.interactiveLookups,
            toldToWait: beside.figures.toldToWait,
            lost: beside.figures.lost,
            batchRatio: beside.figures.ratio,
            server: beside.server,
          },
  }
}

/**
 * Limiters drawn at random, fresh each run: from SHAPES_SEED (else a random seed, printed) the
 * seeds seed, seed + 1, ...; SHAPES_DRAWS of them (5 by default; `SHAPES_DRAWS=20 npm run bench --
 * random-limiters` for the 20). Each its own limiter process, one JSON line each on stdout.
 * Quick: one draw, its batch cut to about 2 s of the allowed rate.
 */
export async function benchRandomDraws(quick: boolean): Promise<{ seed: number; lines: Record<string, unknown>[] }> {
  const seed = wholeFromEnv('SHAPES_SEED', () => randomInt(1, 2 ** 31))
  const count = quick ? 1 : wholeFromEnv('SHAPES_DRAWS', () => 5)
  console.error(`  random limiters: ${count} from seed ${seed} (SHAPES_SEED=${seed} draws them again)`)
  const lines: Record<string, unknown>[] = []
  for (let i = 0; i < count; i++) {
    const draw = benchDraw(seed + i)
    const allowedRate = Math.min(draw.limitAt(0), draw.limitAt(Number.MAX_SAFE_INTEGER)) * (1 - drawHeadroom)
    const lookups = quick ? Math.min(draw.lookups, Math.max(10, Math.round(allowedRate * 2))) : draw.lookups
    console.error(`  ${draw.name}: ${lookups} lookups`)
    const line = await runDrawOverHttp(draw, lookups)
    console.log(JSON.stringify(line))
    lines.push(line)
  }
  return { seed, lines }
}

export const randomLimitersFields: PromisedFields = [
  'seed',
  'draws',
  'meetEveryTarget',
  'minRatio',
  'maxRate429',
  'lost',
  'colleagueWithinTarget',
  'runs',
]

/** What the summary says of the draws (randomLimitersFields). */
export function randomLimitersSummary({ seed, lines }: { seed: number; lines: readonly Record<string, unknown>[] }) {
  const numbers = (field: string) => lines.map((line) => Number(line[field]))
  const colleagues = lines.flatMap((line) =>
    line.colleague === null || line.colleague === undefined ? [] : [line.colleague as { p95Ms: number | null; lost: number }],
  )
  return {
    seed,
    draws: lines.length,
    meetEveryTarget: lines.filter((line) => line.meetsTargets === true).length,
    minRatio: Math.min(...numbers('ratio')),
    maxRate429: Math.max(...numbers('rate429')),
    maxInteractiveP95Ms: Math.max(0, ...lines.map((line) => Number(line.interactiveP95Ms ?? 0))),
    lost: [...numbers('lost'), ...colleagues.map((colleague) => colleague.lost)].reduce((sum, value) => sum + value, 0),
    /** Desk B's lookups beside desk A's batch within the interactive target, of the draws that allow it. */
    colleagueWithinTarget: `${colleagues.filter(({ p95Ms }) => p95Ms !== null && p95Ms <= drawTargets.interactiveP95Ms).length} of ${colleagues.length}`,
    runs: lines,
  }
}
