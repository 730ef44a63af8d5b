import { vi } from 'vitest'
import type { LimiterShape } from '../../helpers/limiter-shapes'
import { runShape, type ShapeFigures, type VirtualConditions } from './virtual-run'

// shapes.test.ts starts every run on a whole second, so a fixed window's boundaries always fall
// at the same place against the run (and an epoch reset reads the same). The sweep starts each
// shape at eight places spread over the longest window (2 s). SHAPE_FIGURES=1 prints the figures.

export const sweepEpoch = 1_700_000_000_000 // a whole multiple of every window
const phasesMs = [0, 250, 500, 750, 1_000, 1_250, 1_500, 1_750]

export interface Bars {
  ratio: number
  rate429: number
}

export const learntBars: Bars = { ratio: 0.9, rate429: 0.01 }

/**
 * Where the control law (docs/architecture.md) misses the bars on a named shape, what it
 * reaches over the sweep's eight starts, with and without send jitter, less a margin, so that it
 * cannot slip. No constant of the law is tuned to any of them; README "The adaptive throttle"
 * lists them beside what the per-shape rules the law replaced reached.
 */
export const lawGaps: Readonly<Record<string, Bars>> = {
  'fixed-window-100-per-2s': { ratio: 0.87, rate429: 0.019 },
  'fixed-window-no-retry-after-30-per-1s': { ratio: 0.89, rate429: 0.03 },
  'fixed-window-no-retry-after-30-per-1s-1500-ids': { ratio: 0.89, rate429: 0.022 },
  'fixed-window-no-retry-after-100-per-2s': { ratio: 0.9, rate429: 0.026 },
  // Without jitter 0.956; with it, 0.849–0.882.
  'no-retry-after-20-burst-1': { ratio: 0.83, rate429: 0.012 },
  'limit-drops-60-to-20': { ratio: 0.9, rate429: 0.019 },
  // A probe that finds nothing is paid for by 200 successes (the probe credit): at 20/s the rise is
  // found about 10 s late (0.565; 0.477–0.569 with send jitter). Probing sooner found it (0.957)
  // but cost 429s everywhere else.
  'limit-rises-20-to-80': { ratio: 0.45, rate429: 0.01 },
}

/** The bars a named shape learnt from 429s is held to. */
export const barsFor = (name: string): Bars => lawGaps[name] ?? learntBars
export const announcedBars: Bars = { ratio: 0.97, rate429: 0 }

export type PhaseFigures = ShapeFigures & { phaseMs: number }

/** The shape run once from each place (vitest fake timers must be on); the seed of any jitter differs by place. */
export async function sweep(shape: LimiterShape, conditions: VirtualConditions = {}): Promise<PhaseFigures[]> {
  const runs = []
  for (const phaseMs of phasesMs) {
    vi.setSystemTime(sweepEpoch + phaseMs)
    const figures = await runShape(shape, { headroom: 0 }, { ...conditions, seed: phaseMs + 1 })
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
export function misses(runs: readonly PhaseFigures[], bars: Bars): string[] {
  return runs
    .filter((r) => r.lost > 0 || r.ratio < bars.ratio || r.rate429 > bars.rate429)
    .map((r) => `start +${r.phaseMs} ms: ratio ${r.ratio}, 429s ${r.rate429}, lost ${r.lost}`)
}
