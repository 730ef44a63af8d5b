import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { initialModel, observe, type RateModel } from '../../../src/main/scheduler/rate-model'
import { drawTargets } from '../../helpers/limiters/random-limiter'
import { refusedAt } from './observations'
import { drawsWhere, namedRuns, runEachDraw } from './random-run'

// A window that says no Retry-After: the service refuses until it opens again, and only our own
// pauses (250 ms, doubling) find when. Still shut after a whole second of them, it is shut for
// longer than a token takes, as a Retry-After over a second says: what got through since it last
// opened bounds the limit, and the next shut's pauses start where the last one's ended.

const startedAt = 1_700_000_000_000
const second = 1_000

beforeEach(() => {
  vi.useFakeTimers({ now: startedAt })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('windows drawn at random that say no Retry-After', () => {
  // Seeds of their own, apart from the property test's: drawn, not chosen.
  const windows = ['fixed-window', 'sliding-log', 'layered-windows']
  const draws = drawsWhere(
    Number(process.env.WINDOW_SEED ?? 9801),
    Number(process.env.WINDOW_DRAWS ?? 30),
    (draw) => windows.includes(draw.algorithm) && !draw.retryAfter && draw.announced === null,
  )

  // Before, each window was found again with 250, 500, 1,000 … ms pauses, a 429 each, and the
  // limit fell a fifth a window: five of these 30 went past 8 % 429s (13 % the worst; 590 429s in
  // all), and the batch reached 0.90 on 25. Now 448 429s, the worst 6.8 %, the batch at 0.90 on 27.
  it('none past 7 % 429s, the batch at 0.90 on nine in ten, nothing lost', async () => {
    const runs = await runEachDraw(draws, startedAt)
    for (const { draw, figures } of runs) {
      expect(figures.lost, `seed ${draw.seed}`).toBe(0)
      expect(figures.rate429, namedRuns([{ draw, figures }])).toBeLessThanOrEqual(0.07)
    }
    const short = runs.filter(({ figures }) => figures.ratio < drawTargets.ratio)
    expect(short.length, namedRuns(short)).toBeLessThanOrEqual(3)
  })
})

// The model alone: a window of 20 that opens every 10 s, found by pauses of our own.
const sent = (model: RateModel, at: number, seq: number) => ({
  at,
  sentAt: at - 5,
  generation: model.generation,
  sentSeq: seq,
  rateBound: true,
})

function succeeded(model: RateModel, count: number, from: number, every: number, firstSeq: number): RateModel {
  let next = model
  for (let i = 0; i < count; i++) next = observe(next, { kind: 'ok', ...sent(next, from + i * every, firstSeq + i) })
  return next
}

interface Shut {
  /** Cut by the first refusal, before the pauses. */
  cut: RateModel
  model: RateModel
  /** When the pause that found it open ended. */
  openedAt: number
  lastRefusedSentAt: number
  pauses: number[]
}

/** Refused at `at` (a cut), then after each pause of our own, with no Retry-After, until `openAt`. */
function spentUntil(model: RateModel, at: number, openAt: number, seq: number): Shut {
  const cut = observe(model, refusedAt(model, at, undefined, { sentAt: at - 5, sentSeq: seq }))
  let next = observe(cut, refusedAt(cut, at + 50, undefined, { sentAt: at + 45, sentSeq: seq + 1 }))
  let lastRefusedSentAt = at + 45
  const pauses = [next.selfPauseMs]
  for (let n = 2; next.pausedUntil < openAt; n++) {
    lastRefusedSentAt = next.pausedUntil
    next = observe(next, refusedAt(next, lastRefusedSentAt + 5, undefined, { sentAt: lastRefusedSentAt, sentSeq: seq + n }))
    pauses.push(next.selfPauseMs)
  }
  return { cut, model: next, openedAt: next.pausedUntil, lastRefusedSentAt, pauses }
}

/** From 40/s: 20 through in the first second, a window spent and found open again at 10 s, then 20 through in 2 s. */
function secondWindow(): { model: RateModel; opened: number } {
  const first = spentUntil(succeeded(initialModel(40, 1_000), 20, startedAt, 50, 1), startedAt + second, startedAt + 10 * second, 21)
  return { model: succeeded(first.model, 20, first.openedAt + 5, 100, 100), opened: first.openedAt }
}

describe('a shut with no Retry-After', () => {
  it('the first of a run bounds nothing: the run was still climbing', () => {
    const first = spentUntil(succeeded(initialModel(40, 1_000), 20, startedAt, 50, 1), startedAt + second, startedAt + 10 * second, 21)
    expect(first.pauses).toEqual([250, 500, 1_000, 2_000, 4_000, 8_000])
    expect(first.model.limit).toBe(first.cut.limit)
  })

  it('still shut after a second of pauses, after an opening that ended such a shut: the limit is what got through over the time since', () => {
    const { model, opened } = secondWindow()
    const shut = spentUntil(model, opened + 2_100, opened + 10 * second, 300)
    expect(shut.model.limit).toBeCloseTo((20 * 1000) / (shut.lastRefusedSentAt - opened), 6)
    expect(shut.model.limit).toBeLessThan(shut.cut.limit ?? 0)
    expect(shut.model.limit).toBeGreaterThan(2)
    expect(shut.model.rate).toBeLessThanOrEqual(shut.model.limit ?? 0)
  })

  it('the next shut after a long one starts at half the pause that found it open; one its first pause finds open bounds nothing, and is forgotten', () => {
    const { model, opened } = secondWindow()
    const shut = spentUntil(model, opened + 2_100, opened + 10 * second, 300)
    const last = shut.pauses[shut.pauses.length - 1] ?? 0
    expect(last).toBeGreaterThan(2_000)
    const again = spentUntil(succeeded(shut.model, 5, shut.openedAt + 5, 100, 400), shut.openedAt + 600, shut.openedAt + 700, 500)
    expect(again.pauses).toEqual([last / 2])
    expect(again.model.limit).toBe(again.cut.limit)
    const brief = spentUntil(succeeded(again.model, 5, again.openedAt + 5, 100, 600), again.openedAt + 600, again.openedAt + 700, 700)
    expect(brief.pauses[0]).toBe(250)
  })

  it('with nothing through since it last opened (only a late answer), bounds nothing', () => {
    const { model, opened } = secondWindow()
    const shut = spentUntil(model, opened + 2_100, opened + 10 * second, 300)
    // An answer to a request sent before the opening: the service let nothing through since.
    const late = observe(shut.model, {
      kind: 'ok',
      at: shut.openedAt + 10,
      sentAt: shut.openedAt - 20,
      generation: shut.model.generation,
      sentSeq: 399,
      rateBound: true,
    })
    const empty = spentUntil(late, shut.openedAt + 100, shut.openedAt + 12 * second, 500)
    expect(empty.model.limit).toBe(empty.cut.limit)
    expect(empty.model.limit).toBeGreaterThan(1)
  })

  it('a Retry-After is the service word: no bound of our own, the pause as it asks', () => {
    const { model, opened } = secondWindow()
    const at = opened + 2_100
    const cut = observe(model, refusedAt(model, at, 700, { sentAt: at - 5, sentSeq: 300 }))
    const asked = observe(cut, refusedAt(cut, at + 50, 700, { sentAt: at + 45, sentSeq: 301 }))
    expect(asked.pausedUntil).toBe(at + 50 + 700)
    expect(asked.limit).toBe(cut.limit)
  })
})
