// `npm run bench -- <name> [...] [--quick]`: runs the named benchmarks (all when none is named).
// Each prints progress to stderr and one JSON object as the last line of stdout.
// --quick: tiny sizes, a few seconds each, the same JSON fields (what `npm test` runs).
import { benchmarks } from './registry'

const args = process.argv.slice(2)
const quick = args.includes('--quick')
const requested = args.filter((arg) => arg !== '--quick')
const unknown = requested.filter((name) => !(name in benchmarks))
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Known: ${Object.keys(benchmarks).join(', ')}`)
  process.exit(2)
}
const names = requested.length > 0 ? requested : Object.keys(benchmarks)
const results: Record<string, Record<string, unknown>> = {}
for (const name of names) {
  const bench = benchmarks[name]
  if (!bench) continue
  console.error(`bench ${name}: running${quick ? ' (quick)' : ''}`)
  results[name] = await bench.run({ quick })
}
// With one benchmark the last line is its own object; with several, one object keyed by name.
const only = names.length === 1 ? results[names[0] ?? ''] : undefined
console.log(JSON.stringify(only ?? results))
