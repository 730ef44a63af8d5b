import { createScheduler, type Scheduler, type SchedulerOptions } from '../../../src/main/scheduler/scheduler'
import { oneDesk, twoDesks, type DeskEnv, type OneDeskFigures, type TwoDeskFigures } from '../../helpers/desk-runs'
import { drawHeadroom, drawLimits, holdsInteractive, type RandomLimiter } from '../../helpers/limiters/random-limiter'
import { latencyJitterOf, limiterFetch, runVirtually, virtualClient } from './virtual-run'

/** One fetch to the draw's limiter (fresh), counting what was sent and what was refused. */
function countingFetch(draw: RandomLimiter): { fetch: typeof fetch; env: DeskEnv } {
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

/** Two desks, each its own scheduler, on one key limited by the draw, in virtual time. */
export async function runDrawTwoDesks(
  draw: RandomLimiter,
  options: SchedulerOptions = {},
  watch?: (deskA: Scheduler, deskB: Scheduler) => void,
): Promise<TwoDeskFigures> {
  const { fetch, env } = countingFetch(draw)
  const desk = () => virtualClient(fetch, createScheduler({ ...drawLimits, headroom: drawHeadroom, ...options }))
  const [a, b] = [desk(), desk()]
  watch?.(a.scheduler, b.scheduler)
  return runVirtually(twoDesks(a.client, b.client, draw, drawHeadroom, env))
}
