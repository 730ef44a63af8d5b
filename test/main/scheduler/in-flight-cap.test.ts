import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { capAfter429 } from '../../../src/main/scheduler/control-law'
import { initialModel, observe, type RateModel } from '../../../src/main/scheduler/rate-model'
import { tokenBucket } from '../../helpers/limiters'
import { allowsInteractiveTarget, drawLimiter } from '../../helpers/limiters/random-limiter'
import { drawsWhere, runDraw, runDrawBesideBatch, runDrawTwoDesks } from './random-run'

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 })
})
afterEach(() => {
  vi.useRealTimers()
})

it('learns a cap of one fewer than were in flight at a 429, and drops it when a 429 comes with fewer, or with two', () => {
  expect(capAfter429(null, 12, 0)).toBe(11)
  expect(capAfter429(11, 11, 11)).toBe(10)
  expect(capAfter429(11, 7, 9)).toBeNull()
  expect(capAfter429(2, 2, 0)).toBeNull()
  expect(capAfter429(null, 2, 0)).toBeNull()
})

it('a cap grown past what any success was sent with is not disproved by a 429 under it: the 429 lowers it', () => {
  // Grown from 10 to 25 while successes went with at most 20 in flight, a 429 at 21 is the cap's.
  expect(capAfter429(25, 21, 20)).toBe(20)
  // At 20, where a success has gone, it is not.
  expect(capAfter429(25, 20, 20)).toBeNull()
})

// Two desks on a service that lets 20 requests in flight and answers in 74 ± 32 ms (draw 368 of
// the generator). Each desk learns about half; when desk A finishes, desk B's cap grew (then sooner
// with each step) past 20, and the first 429 there came with fewer in flight than the cap had
// reached. Read as "not the cap's", it cleared the cap and halved a rate still doubling: desk B
// sat at 0.4 of the service until a rate probe found the cap again, 14.5 s after desk A left.
it('a desk left alone on a shared cap on requests in flight grows back to the cap within 5 s', async () => {
  const draw = drawLimiter(368)
  expect(draw.name).toMatch(/concurrency-cap inFlight=20 latencyMs=74 latencyJitterMs=32/)
  const figures = await runDrawTwoDesks(draw)
  expect(figures.lost).toBe(0)
  expect(figures.climbSeconds).not.toBeNull()
  expect(figures.climbSeconds ?? Infinity).toBeLessThanOrEqual(5)
})

// A draw of the random generator (printed by the property test when it missed): a token bucket of
// 278/s with no burst, answers 42 ± 24 ms late. Requests that arrive too close together are
// refused with a dozen in flight, which reads as a cap; lowered to 2, the cap used to stay there
// and hold the batch at a seventh of the rate (ratio 0.135 over 59 s). The law holds it near a
// third: 0.373, 0.264 since a probe refused above the limit is placed by what was sent, which
// timers on whole milliseconds keep below what the law asks for at 278/s, and 0.221 since the desk
// leaves colleagues a place of a learnt cap: the cap this bucket is misread as is about a dozen.
it('a limiter with no burst refusing close requests does not leave the batch held at two in flight', async () => {
  // Draw 158 as it was drawn before draws announced their quota: this one now announces it.
  const draw = { ...drawLimiter(158), make: () => tokenBucket({ rate: 278, burst: 1 }), announced: null }
  const last: { cap: number | null } = { cap: null }
  const figures = await runDraw(draw, {}, (scheduler) => {
    const watch = () => {
      last.cap = scheduler.state().inFlightCap
      setTimeout(watch, 1_000)
    }
    watch()
  })
  expect(draw.name).toMatch(/token-bucket .*rate=278 burst=1 latency=42\+24ms/)
  expect(figures.lost).toBe(0)
  expect(figures.ratio).toBeGreaterThan(0.2)
  expect(last.cap === null || last.cap > 2).toBe(true)
})

// A desk that shared a service's cap on requests in flight with a colleague holds about half of
// it; when the colleague leaves, only probes past its own cap find the room. One place per 300
// successes took 3,000 to grow from 10 back to 20 (22 s at 135 answers a second); after the first
// step each next takes one success of a request sent since the last, a round of answers, and a
// probe refused at the service's cap starts the count again, so probes there still cost a 429
// about once per 300.
it('grows a learnt cap by one after 300 successes, then by one a round of answers, and starts over at a 429', () => {
  const at = 1_700_000_000_000
  // Answers come in the order sent, with ten more requests sent by the time each comes back.
  const sent = (model: RateModel, seq: number) => ({
    at,
    sentAt: at,
    generation: model.generation,
    sentSeq: seq,
    sentSoFar: seq + 10,
    rateBound: false,
  })
  let seq = 1
  let model = observe(initialModel(20, 1_000), {
    kind: 'rate-limited',
    ...sent(initialModel(20, 1_000), seq),
    slotBound: true,
    inFlight: 11,
  })
  expect(model.inFlightCap).toBe(10)
  let answers = 0
  while ((model.inFlightCap ?? 0) < 20) {
    model = observe(model, { kind: 'ok', ...sent(model, ++seq), slotBound: true })
    answers += 1
  }
  // The ten sent before the cap was set, 300 sent since; then for each step the ten sent before it
  // and one sent since.
  expect(answers).toBe(10 + 300 + 9 * 11)
  model = observe(model, { kind: 'rate-limited', ...sent(model, ++seq), slotBound: true, inFlight: 20 })
  expect(model.inFlightCap).toBe(19)
  let again = 0
  while ((model.inFlightCap ?? 0) < 20) {
    model = observe(model, { kind: 'ok', ...sent(model, ++seq), slotBound: true })
    again += 1
  }
  expect(again).toBe(10 + 300)
})

// Drawn caps answered within 60 ms. Each success counted towards the next step, so once past its
// first steps the cap grew a place a success, faster than answers came back: a service of 13
// answered in 31 ± 15 ms saw the learnt cap reach 24 (seed 10273), and one of 18 answered in 22 ms
// reached 28 within 3 ms, its 429s then read as the rate's at half the rate (seed 166 of the
// property test: 0.46 of the service). Over these 24, 7 went more than four places past the
// service's cap. Grown a place a round of answers, none does (the client counts an answer in
// transit as in flight, so its count runs a few above the service's), and none is dropped.
it("a learnt cap grows no faster than answers come back: within four of the service's on fast caps", async () => {
  const caps = drawsWhere(
    9901,
    24,
    (draw) => draw.algorithm === 'concurrency-cap' && Number(draw.params.inFlight) >= 5 && draw.latencyMs <= 60,
  )
  const runs = []
  for (const draw of caps) {
    vi.setSystemTime(1_700_000_000_000)
    const seen = { most: 0, dropped: false }
    const figures = await runDraw(draw, {}, (scheduler) =>
      scheduler.onState((state) => {
        if (state.inFlightCap !== null) seen.most = Math.max(seen.most, state.inFlightCap)
        else if (seen.most > 0) seen.dropped = true
      }),
    )
    runs.push({ draw, figures, ...seen })
  }
  const report = runs
    .map(({ draw, figures, most, dropped }) => `${draw.name}: most ${most}, dropped ${dropped}, ${JSON.stringify(figures)}`)
    .join('\n')
  expect(runs.filter(({ draw, most }) => most > Number(draw.params.inFlight) + 4).length, report).toBe(0)
  expect(
    runs.every(({ dropped, figures }) => !dropped && figures.lost === 0),
    report,
  ).toBe(true)
}, 300_000)

// A colleague's lookups while this desk's batch runs on a service's cap (desk B, its own scheduler,
// a lookup every 500 ms): with every place the cap allows filled by the batch, each place that
// freed went to the batch's next request at once, and desk B's lookups met the cap, waited out
// its Retry-After and were told to wait: desk B's p95 within 300 ms on 5 of these 12 caps of
// 10-20 (four told to wait). The batch now leaves the headroom's share of a learnt cap, in whole
// places, to colleagues: 11 of 12.
it("leaves a colleague's lookups a place of a learnt cap", async () => {
  const caps = drawsWhere(
    9501,
    12,
    (draw) => draw.algorithm === 'concurrency-cap' && Number(draw.params.inFlight) >= 10 && allowsInteractiveTarget(draw),
  )
  const runs = []
  for (const draw of caps) {
    vi.setSystemTime(1_700_000_000_000)
    runs.push({ draw, figures: await runDrawBesideBatch(draw) })
  }
  const within = runs.filter(({ figures }) => (figures.interactiveP95Ms ?? Number.POSITIVE_INFINITY) <= 300)
  const report = runs.map(({ draw, figures }) => `${draw.name}: ${JSON.stringify(figures)}`).join('\n')
  expect(
    runs.every(({ figures }) => figures.lost === 0),
    report,
  ).toBe(true)
  expect(within.length, report).toBeGreaterThanOrEqual(10)
})
