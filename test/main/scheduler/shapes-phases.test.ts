import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { announced, announceStyles, limiterShapes, type LimiterShape } from '../../helpers/limiter-shapes'
import { runShape, type ShapeFigures, type VirtualConditions } from './virtual-run'

// shapes.test.ts starts every run on a whole second, so a fixed window's boundaries always fall
// at the same place against the run. Here each shape starts at eight places spread over the
// longest window (2 s), and the shapes whose margin is thinnest (the fixed windows and the bucket
// with no burst) run again with 0–4 ms of seeded send delay per request, a stand-in for real
// HTTP's jitter. The bars hold at every place. SHAPE_FIGURES=1 prints the figures.

const epoch = 1_700_000_000_000 // a whole multiple of every window
const phasesMs = [0, 250, 500, 750, 1_000, 1_250, 1_500, 1_750]
const jittered = (shape: LimiterShape) => shape.name.startsWith('fixed-window') || shape.name === 'no-retry-after-20-burst-1'

beforeEach(() => {
  vi.useFakeTimers({ now: epoch })
})

afterEach(() => {
  vi.useRealTimers()
})

interface Bars {
  ratio: number
  rate429: number
}

async function sweep(shape: LimiterShape, conditions: VirtualConditions = {}): Promise<(ShapeFigures & { phaseMs: number })[]> {
  const runs = []
  for (const phaseMs of phasesMs) {
    vi.setSystemTime(epoch + phaseMs)
    const { scheduler: _scheduler, ...figures } = await runShape(shape, { headroom: 0 }, { ...conditions, seed: phaseMs + 1 })
    runs.push({ ...figures, phaseMs })
  }
  if (process.env.SHAPE_FIGURES) {
    const label = conditions.jitterMs ? `${shape.name} +${conditions.jitterMs}ms jitter` : shape.name
    const cells = runs.map((r) => `${r.phaseMs}:${r.ratio.toFixed(3)}/${(r.rate429 * 100).toFixed(2)}%`)
    console.log(`${label}  ${cells.join('  ')}`)
  }
  return runs
}

/** The runs that miss a bar, one line each, so a failure reads as the measurement. */
function misses(runs: readonly (ShapeFigures & { phaseMs: number })[], bars: Bars): string[] {
  return runs
    .filter((r) => r.lost > 0 || r.ratio < bars.ratio || r.rate429 > bars.rate429)
    .map((r) => `start +${r.phaseMs} ms: ratio ${r.ratio}, 429s ${r.rate429}, lost ${r.lost}`)
}

const learnt: Bars = { ratio: 0.9, rate429: 0.01 }
const withHeaders: Bars = { ratio: 0.97, rate429: 0 }

describe('every limiter shape, learnt from 429s alone, wherever the run starts', () => {
  it.each(limiterShapes.map((shape) => [shape.name, shape] as const))('%s', async (_name, shape) => {
    expect(misses(await sweep(shape), learnt)).toEqual([])
  })
})

describe('the thinnest-margin shapes with 0–4 ms of send jitter, wherever the run starts', () => {
  it.each(limiterShapes.filter(jittered).map((shape) => [shape.name, shape] as const))('%s', async (_name, shape) => {
    expect(misses(await sweep(shape, { jitterMs: 4 }), learnt)).toEqual([])
  })
})

describe('every limiter shape announcing its limit, wherever the run starts', () => {
  const cases = announceStyles.flatMap((style) => limiterShapes.map((shape) => announced(shape, style)))
  it.each(cases.map((shape) => [shape.name, shape] as const))('%s', async (_name, shape) => {
    expect(misses(await sweep(shape), withHeaders)).toEqual([])
  })
})
