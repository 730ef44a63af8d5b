import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { announced, announceStyles, limiterShapes } from '../../helpers/limiter-shapes'
import { announcedBars, misses, sweep, sweepEpoch } from './phase-sweep'

// Every shape announcing its limit in each header family, started at eight places over the
// longest window (an epoch reset, in whole seconds, reads differently at each): 0.97 of ideal,
// no 429, nothing lost at every place.

beforeEach(() => {
  vi.useFakeTimers({ now: sweepEpoch })
})

afterEach(() => {
  vi.useRealTimers()
})

describe('every limiter shape announcing its limit, wherever the run starts', () => {
  const cases = announceStyles.flatMap((style) => limiterShapes.map((shape) => announced(shape, style)))
  it.each(cases.map((shape) => [shape.name, shape] as const))('%s', async (_name, shape) => {
    expect(misses(await sweep(shape), announcedBars)).toEqual([])
  })
})
