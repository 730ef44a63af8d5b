// `npm run bench -- <name> [...]`: runs the named benchmarks (all when none is named).
// Each prints progress to stderr and one JSON object as the last line of stdout.
import { benchBatch } from './batch'
import { benchOverhead } from './overhead'
import { benchSandbox } from './sandbox-throughput'
import { benchScheduler } from './scheduler-throughput'
import { benchShapes } from './shapes'
import { benchStartup } from './startup'
import { benchText } from './text'
import { benchTwoDesksCores } from './two-desks-cores'

const benchmarks: Record<string, () => Promise<Record<string, unknown>>> = {
  sandbox: benchSandbox,
  overhead: benchOverhead,
  scheduler: benchScheduler,
  shapes: benchShapes,
  startup: benchStartup,
  batch: benchBatch,
  text: benchText,
  'two-desks': async () => {
    const line = await benchTwoDesksCores()
    return { benchmark: 'two-desks', targets: { deskBp95Ms: 300, deskAShare: 0.85 }, ...line }
  },
}

const requested = process.argv.slice(2)
const unknown = requested.filter((name) => !(name in benchmarks))
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Known: ${Object.keys(benchmarks).join(', ')}`)
  process.exit(2)
}
const names = requested.length > 0 ? requested : Object.keys(benchmarks)
const results: Record<string, Record<string, unknown>> = {}
for (const name of names) {
  const run = benchmarks[name]
  if (!run) continue
  console.error(`bench ${name}: running`)
  results[name] = await run()
}
// With one benchmark the last line is its own object; with several, one object keyed by name.
const only = names.length === 1 ? results[names[0] ?? ''] : undefined
console.log(JSON.stringify(only ?? results))
