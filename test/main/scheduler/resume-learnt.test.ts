import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { learntOf } from '../../../src/main/scheduler/account-schedulers'
import { defaultRateTuning, initialModel, observe, resumeFrom, type LearntLimit } from '../../../src/main/scheduler/rate-model'
import { defaultSchedulerConfig, type Scheduler } from '../../../src/main/scheduler/scheduler'
import { drawLimiter, meetsDrawTargets, splitsEvenly, type RandomLimiter } from '../../helpers/limiters/random-limiter'
import { runDraw, runDrawTwoDesks } from './random-run'

const startedAt = 1_700_000_000_000
beforeEach(() => {
  vi.useFakeTimers({ now: startedAt })
})
afterEach(() => {
  vi.useRealTimers()
})

it('starts from a limit learnt before as after a cut there, and the first 429 replaces it', () => {
  const learnt: LearntLimit = { limit: 40, inFlightCap: 6, reached: null, learntAt: startedAt - 3_600_000 }
  const model = resumeFrom(initialModel(20, 100), learnt)
  expect(model).toMatchObject({ limit: 40, rate: 40 * (1 - defaultRateTuning.cut), phase: 'hold', source: 'probing', inFlightCap: 6 })
  expect(model.resumedFrom).toBe(learnt.learntAt)
  const sent = { at: startedAt, sentAt: startedAt, generation: model.generation, sentSeq: 1, rateBound: true, inFlight: 1 }
  const refused = observe(model, { kind: 'rate-limited', ...sent })
  expect(refused.resumedFrom).toBeNull()
  expect(refused.limit).toBeLessThan(40)
  // Above the ceiling the user set, a remembered limit is held to the ceiling.
  expect(resumeFrom(initialModel(20, 10), learnt).limit).toBe(10)
})

it('a remembered cap alone starts the cap, and the doubling from the rate it reached', () => {
  const model = resumeFrom(initialModel(20, 100), { limit: null, inFlightCap: 3, reached: null, learntAt: startedAt })
  expect(model).toMatchObject({ limit: null, phase: 'discover', inFlightCap: 3, rate: 20 })
  const reached = resumeFrom(initialModel(20, 100), { limit: null, inFlightCap: 3, reached: 70, learntAt: startedAt })
  expect(reached).toMatchObject({ limit: null, phase: 'discover', inFlightCap: 3, rate: 70, discoverFrom: 70 })
  // Never below the start the settings give, nor above their ceiling.
  expect(resumeFrom(initialModel(20, 100), { limit: null, inFlightCap: null, reached: 5, learntAt: startedAt }).rate).toBe(20)
  expect(resumeFrom(initialModel(20, 100), { limit: null, inFlightCap: null, reached: 700, learntAt: startedAt }).rate).toBe(100)
})

// Each draw twice, as a user meets it: the first run of the app learns the limit from nothing, the
// next starts from what the first learnt (what learnt-limits.json keeps between runs).
async function twice(draw: RandomLimiter) {
  const seen: { learnt: LearntLimit | null } = { learnt: null }
  vi.setSystemTime(startedAt)
  const first = await runDraw(draw, {}, (scheduler: Scheduler) =>
    scheduler.onState((state) => {
      seen.learnt = learntOf(state, Date.now(), defaultSchedulerConfig.initialRate) ?? seen.learnt
    }),
  )
  vi.setSystemTime(startedAt)
  const next = await runDraw(draw, { learnt: seen.learnt })
  expect(next.lost, `seed ${draw.seed}: ${draw.name}`).toBe(0)
  return { first, learnt: seen.learnt, next }
}

// A cap on requests in flight places no rate limit: before the rate was remembered, each start
// doubled again from 20/s, seconds of a short batch at a fraction of what the cap allows.
it('a desk that learnt a cap on requests in flight starts at the rate it reached, and finishes its batch sooner', async () => {
  const caps = Array.from({ length: 400 }, (_, i) => drawLimiter(i + 1))
    .filter((draw) => draw.algorithm === 'concurrency-cap')
    .slice(0, 12)
  const slower: string[] = []
  const seconds = { first: 0, next: 0 }
  let resumed = 0
  for (const draw of caps) {
    const { first, learnt, next } = await twice(draw)
    if (learnt?.reached == null) continue
    resumed += 1
    seconds.first += first.seconds
    seconds.next += next.seconds
    if (next.seconds > first.seconds) slower.push(`seed ${draw.seed}: ${draw.name}, ${first.seconds} s then ${next.seconds} s`)
  }
  expect(resumed, 'caps whose first run remembered a rate reached').toBeGreaterThanOrEqual(10)
  expect(slower, 'runs slower from what they learnt').toEqual([])
  // Remembering the cap alone saved 0.6 % of the time (147.2 s of 148.0), the rate reached 7 %.
  expect(seconds.next).toBeLessThan(seconds.first * 0.96)
}, 300_000)

const draws = Number(process.env.RESUME_DRAWS ?? 40)
const firstSeed = Number(process.env.RESUME_SEED ?? 1)

it(`over ${draws} drawn limiters, a desk that starts from what it learnt meets fewer 429s and more targets, and loses nothing`, async () => {
  const cold = { refused: 0, meets: 0 }
  const warm = { refused: 0, meets: 0 }
  const worse: string[] = []
  for (let seed = firstSeed; seed < firstSeed + draws; seed++) {
    const draw = drawLimiter(seed)
    const { first, next } = await twice(draw)
    cold.refused += Math.round(first.rate429 * first.requests)
    warm.refused += Math.round(next.rate429 * next.requests)
    cold.meets += meetsDrawTargets(draw, first) ? 1 : 0
    warm.meets += meetsDrawTargets(draw, next) ? 1 : 0
    if (meetsDrawTargets(draw, first) && !meetsDrawTargets(draw, next)) worse.push(`seed ${seed}: ${draw.name}`)
  }
  if (process.env.RESUME_FIGURES) console.log(JSON.stringify({ draws, firstSeed, cold, warm, worse }))
  expect(warm.refused, `seeds ${firstSeed}-${firstSeed + draws - 1}; met on the first run only: ${worse.join('; ')}`).toBeLessThan(
    cold.refused,
  )
  expect(warm.meets, `seeds ${firstSeed}-${firstSeed + draws - 1}; met on the first run only: ${worse.join('; ')}`).toBeGreaterThan(
    cold.meets,
  )
}, 300_000)

// Two desks on one key, run twice: the second time each starts from what it learnt the first,
// desk A its share, desk B the whole limit it climbed to once alone. The law keeps the split it
// starts from (docs/control-law-log.md, "Two desks that start apart"): over the 25 two-desk draws of
// seeds 1–100 the split was even on 19 the first time and on 12 the second (26 of 50 over 1–200;
// 50 of 100 over 1–400, 72 the first time). Held to that, less a draw, and nothing lost.
it('two desks that each start from what they learnt split the key as they remember it, and lose nothing', async () => {
  const rememberedEvenly = { first: 0, next: 0 }
  for (let seed = 4; seed <= 100; seed += 4) {
    const draw = drawLimiter(seed)
    const learnt: [LearntLimit | null, LearntLimit | null] = [null, null]
    vi.setSystemTime(startedAt)
    const first = await runDrawTwoDesks(draw, {}, (a, b) => {
      for (const [i, desk] of [a, b].entries())
        desk.onState((state) => {
          learnt[i] = learntOf(state, Date.now(), defaultSchedulerConfig.initialRate) ?? learnt[i] ?? null
        })
    })
    vi.setSystemTime(startedAt)
    const next = await runDrawTwoDesks(draw, [{ learnt: learnt[0] }, { learnt: learnt[1] }])
    expect(first.lost + next.lost, `seed ${seed}: ${draw.name}`).toBe(0)
    rememberedEvenly.first += splitsEvenly(first) ? 1 : 0
    rememberedEvenly.next += splitsEvenly(next) ? 1 : 0
  }
  if (process.env.RESUME_FIGURES) console.log(JSON.stringify(rememberedEvenly))
  expect(rememberedEvenly.next).toBeGreaterThanOrEqual(11)
  expect(rememberedEvenly.first).toBeGreaterThanOrEqual(18)
}, 300_000)
