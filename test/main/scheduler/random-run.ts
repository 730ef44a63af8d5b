import { vi } from 'vitest'
import type { ApiClient } from '../../../src/main/api/api-client'
import { createScheduler, type Scheduler, type SchedulerOptions } from '../../../src/main/scheduler/scheduler'
import { lookupsBesideBatch, oneDesk, twoDesks, type DeskEnv, type OneDeskFigures, type TwoDeskFigures } from '../../helpers/desk-runs'
import { drawHeadroom, drawLimiter, drawLimits, holdsInteractive, type RandomLimiter } from '../../helpers/limiters/random-limiter'
import { latencyJitterOf, limiterFetch, runVirtually, virtualClient } from './virtual-run'

/** One fetch to the draw's limiter (fresh), counting what was sent and what was refused. */
export function countingFetch(draw: RandomLimiter): { fetch: typeof fetch; env: DeskEnv } {
  const inner = limiterFetch(draw.make(), draw.latencyMs, undefined, latencyJitterOf(draw, draw.seed))
  const counts = { requests: 0, rateLimited: 0, refusedAfterFirstAnswer: 0 }
  let firstAnswerAt = Number.POSITIVE_INFINITY
  const counted: typeof fetch = async (...args) => {
    counts.requests += 1
    const sentAt = Date.now()
    const response = await inner(...args)
    firstAnswerAt = Math.min(firstAnswerAt, Date.now())
    if (response.status === 429) counts.rateLimited += 1
    if (response.status === 429 && sentAt >= firstAnswerAt) counts.refusedAfterFirstAnswer += 1
    return response
  }
  return { fetch: counted, env: { now: () => Date.now(), counts: () => ({ ...counts }) } }
}

/** One desk's batch against the draw in virtual time (vitest fake timers must be on). */
export async function runDraw(
  draw: RandomLimiter,
  options: SchedulerOptions = {},
  watch?: (scheduler: Scheduler) => void,
): Promise<OneDeskFigures> {
  const { fetch, env } = countingFetch(draw)
  const { client, scheduler } = virtualClient(fetch, createScheduler({ ...drawLimits, headroom: drawHeadroom, ...options }))
  watch?.(scheduler)
  return runVirtually(oneDesk(client, draw, drawHeadroom, holdsInteractive(draw), env))
}

/** The first `count` draws from `firstSeed` on that `keep` keeps: drawn, not chosen. */
export function drawsWhere(firstSeed: number, count: number, keep: (draw: RandomLimiter) => boolean): RandomLimiter[] {
  const draws: RandomLimiter[] = []
  for (let seed = firstSeed; draws.length < count; seed++) {
    const draw = drawLimiter(seed)
    if (keep(draw)) draws.push(draw)
  }
  return draws
}

export interface DrawRun<F> {
  draw: RandomLimiter
  figures: F
}

/**
 * Each draw alone through `run`, one after another, every one from the clock at `startedAt` (a
 * window's phase is the draw's own); RANDOM_FIGURES=1 prints each run.
 */
export async function runEach<F>(
  draws: readonly RandomLimiter[],
  startedAt: number,
  run: (draw: RandomLimiter) => Promise<F>,
): Promise<DrawRun<F>[]> {
  const runs: DrawRun<F>[] = []
  for (const draw of draws) {
    vi.setSystemTime(startedAt)
    const figures = await run(draw)
    if (process.env.RANDOM_FIGURES) console.log(namedRuns([{ draw, figures }]))
    runs.push({ draw, figures })
  }
  return runs
}

/** One desk's batch on each draw (runEach). */
export const runEachDraw = (draws: readonly RandomLimiter[], startedAt: number) => runEach(draws, startedAt, (draw) => runDraw(draw))

/** The runs named with their figures, one a line: what a failed share prints. */
export function namedRuns<F>(runs: readonly DrawRun<F>[]): string {
  return runs.map(({ draw, figures }) => `${draw.name}: ${JSON.stringify(figures)}`).join('\n')
}

/** Two desks, each its own scheduler, on one key limited by the draw, in virtual time; `apart`: desk B starts later (`twoDesks`). */
export function runDrawTwoDesks(
  draw: RandomLimiter,
  options: DesksOptions = {},
  watch?: (deskA: Scheduler, deskB: Scheduler) => void,
  apart = false,
): Promise<TwoDeskFigures> {
  return withTwoDesks(draw, options, watch, (a, b, env) => twoDesks(a, b, draw, drawHeadroom, env, apart))
}

function isEach(options: DesksOptions): options is readonly [SchedulerOptions, SchedulerOptions] {
  return Array.isArray(options)
}

/** Desk A's batch, and desk B's lookups every 500 ms while it runs (its figures' interactive ones), on one key limited by the draw. */
export function runDrawBesideBatch(
  draw: RandomLimiter,
  options: SchedulerOptions = {},
  watch?: (deskA: Scheduler, deskB: Scheduler) => void,
): Promise<OneDeskFigures> {
  return withTwoDesks(draw, options, watch, (a, b, env) => lookupsBesideBatch(a, b, draw, drawHeadroom, env))
}

/** Both desks' scheduler options, or each its own (desk A's, desk B's): what each learnt, say. */
export type DesksOptions = SchedulerOptions | readonly [SchedulerOptions, SchedulerOptions]

function withTwoDesks<T>(
  draw: RandomLimiter,
  options: DesksOptions,
  watch: ((deskA: Scheduler, deskB: Scheduler) => void) | undefined,
  work: (deskA: ApiClient, deskB: ApiClient, env: DeskEnv) => Promise<T>,
): Promise<T> {
  const { fetch, env } = countingFetch(draw)
  const [forA, forB] = isEach(options) ? options : [options, options]
  const desk = (own: SchedulerOptions) => virtualClient(fetch, createScheduler({ ...drawLimits, headroom: drawHeadroom, ...own }))
  const [a, b] = [desk(forA), desk(forB)]
  watch?.(a.scheduler, b.scheduler)
  return runVirtually(work(a.client, b.client, env))
}
