import { batchFields, benchBatch } from './batch'
import { benchOverhead, overheadFields } from './overhead'
import type { BenchOptions, PromisedFields } from './quick'
import { benchSandbox, sandboxFields } from './sandbox-throughput'
import { benchRandomDraws, randomLimitersFields, randomLimitersSummary } from './random-limiter-runs'
import { benchRealLimiters, realLimitersFields, realLimitersSummary, realLimitersTargets } from './real-limiter-runs'
import { drawTargets } from '../test/helpers/limiters/random-limiter'
import { benchScheduler, schedulerFields } from './scheduler-throughput'
import { benchShapes, shapesFields } from './shapes'
import { benchStartup, startupFields } from './startup'
import { benchText, textFields } from './text'
import { benchTwoDesksCores, twoDesksCoresFields } from './two-desks-cores'
import { benchTwoDeskOracle, twoDeskOracleFields } from './two-desk-oracle'

export interface Benchmark {
  run: (options: BenchOptions) => Promise<Record<string, unknown>>
  /** The fields of its JSON object, in a quick run as in a full one. */
  fields: PromisedFields
  /** It drives the built renderer (`electron-vite build` first) in Chromium. */
  needsBuild?: boolean
}

export const benchmarks: Record<string, Benchmark> = {
  sandbox: { run: benchSandbox, fields: sandboxFields },
  overhead: { run: benchOverhead, fields: overheadFields },
  scheduler: { run: benchScheduler, fields: schedulerFields },
  shapes: { run: benchShapes, fields: shapesFields },
  startup: { run: benchStartup, fields: startupFields, needsBuild: true },
  batch: { run: benchBatch, fields: batchFields, needsBuild: true },
  text: { run: benchText, fields: textFields },
  // The real limiters' part of `shapes` alone.
  'real-limiters': {
    run: async ({ quick = false }) => ({
      benchmark: 'real-limiters',
      targets: realLimitersTargets,
      ...realLimitersSummary(await benchRealLimiters(quick)),
    }),
    fields: ['benchmark', 'targets', ...realLimitersFields],
  },
  // The random draws' part of `shapes` alone: SHAPES_SEED, SHAPES_DRAWS (random-limiter-runs.ts).
  'random-limiters': {
    run: async ({ quick = false }) => ({
      benchmark: 'random-limiters',
      targets: drawTargets,
      ...randomLimitersSummary(await benchRandomDraws(quick)),
    }),
    fields: ['benchmark', 'targets', ...randomLimitersFields],
  },
  'two-desks': {
    run: async (options) => {
      const line = await benchTwoDesksCores(options)
      return { benchmark: 'two-desks', targets: { deskBp95Ms: 300, deskAShare: 0.85 }, ...line }
    },
    fields: ['benchmark', 'targets', ...twoDesksCoresFields],
  },
  'two-desk-oracle': { run: ({ quick = false }) => Promise.resolve(benchTwoDeskOracle(quick)), fields: twoDeskOracleFields },
}
