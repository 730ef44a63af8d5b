import { describe, expect, it } from 'vitest'
import { missingFields, quickBenchNames, runQuickBench } from '../bench/run-quick'

// The quick modes of the benchmarks that drive the built renderer in Chromium (the others run in the unit suite).
describe('every benchmark that needs the built renderer completes in its quick mode', () => {
  it.each(quickBenchNames(true))('%s', { timeout: 120_000 }, async (name) => {
    const line = await runQuickBench(name)
    expect(missingFields(name, line)).toEqual([])
  })
})
