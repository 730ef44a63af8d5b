import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { announced, announceStyles, limiterShapes } from '../../helpers/limiter-shapes'
import { barsFor } from './phase-sweep'
import { runShape } from './virtual-run'

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 })
})

afterEach(() => {
  vi.useRealTimers()
})

// One desk alone on its key (no headroom), the scheduler otherwise at its defaults and told
// nothing about the limit; ratio = time at exactly the limit / time taken, in virtual time. The
// issue's targets: 0.90 of ideal, at most 1 % 429s, nothing lost (0.97 and no 429 with headers);
// where the control law misses them on a shape learnt from 429s, what it reaches (phase-sweep.ts).
// The clock starts on a whole second, so a fixed window's boundaries fall at the same place in
// every run; docs/architecture.md says what other places do. SHAPE_FIGURES=1 prints the figures.
describe('every limiter shape, learnt from 429s alone', () => {
  it.each(limiterShapes.map((shape) => [shape.name, shape] as const))('%s', async (_name, shape) => {
    const figures = await runShape(shape, { headroom: 0 })
    if (process.env.SHAPE_FIGURES) console.log(`${shape.name}: ${JSON.stringify({ ...figures, scheduler: undefined })}`)
    const bars = barsFor(shape.name)
    expect(figures.lost).toBe(0)
    expect(figures.ratio).toBeGreaterThanOrEqual(bars.ratio)
    expect(figures.rate429).toBeLessThanOrEqual(bars.rate429)
  })
})

describe('every limiter shape, announcing its limit in each header family', () => {
  const cases = announceStyles.flatMap((style) => limiterShapes.map((shape) => announced(shape, style)))
  it.each(cases.map((shape) => [shape.name, shape] as const))('%s', async (_name, shape) => {
    const { scheduler, ...figures } = await runShape(shape, { headroom: 0 })
    expect(figures.lost).toBe(0)
    expect(figures.rate429).toBe(0)
    expect(figures.ratio).toBeGreaterThanOrEqual(0.97)
    expect(scheduler.state().limitSource).toBe('headers')
  })
})
