import { describe, expect, it } from 'vitest'
import { missingFields, quickBenchNames, runQuickBench } from './run-quick'

// Each benchmark's quick mode, so a change that breaks a benchmark fails `npm test`. Only that it
// completes and prints every field it promises: timing targets are for the full runs.
// The two that drive the built renderer run in the e2e suite, after the build (test/e2e/bench-quick.e2e.ts).
describe('every benchmark completes in its quick mode and prints the JSON it promises', () => {
  it.each(quickBenchNames(false))('%s', { timeout: 300_000 }, async (name) => {
    const line = await runQuickBench(name)
    expect(missingFields(name, line)).toEqual([])
  })
})
