import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { countAxis, fitLabel, labelWidth } from '../../../src/renderer/src/views/batch/chart-axis'

describe('count axes', () => {
  it('end at the largest count when it is small: no axis to 4 for a largest count of 1', () => {
    expect(countAxis(1)).toEqual({ ticks: [0, 1], domain: [0, 1] })
    expect(countAxis(3).ticks).toEqual([0, 1, 2, 3])
    expect(countAxis(0).ticks).toEqual([0, 1])
  })

  it('always counts in whole steps up to the first tick at or past the largest count, in at most 6 ticks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (max) => {
        const { ticks, domain } = countAxis(max)
        const step = (ticks[1] ?? 0) - (ticks[0] ?? 0)
        expect(ticks.every(Number.isInteger)).toBe(true)
        expect(ticks[0]).toBe(0)
        expect(ticks.length).toBeLessThanOrEqual(6)
        expect(ticks.at(-1)).toBe(domain[1])
        expect(domain[1]).toBeGreaterThanOrEqual(max)
        expect(domain[1]).toBeLessThan(Math.max(max, 1) + step)
      }),
    )
  })
})

describe('bar labels', () => {
  it('get room for the longest, and a longer one than the room allows is cut with an ellipsis', () => {
    const width = labelWidth(["Card's transaction limit reached", 'Card expired'])
    expect(fitLabel("Card's transaction limit reached", width)).toBe("Card's transaction limit reached")
    const long = `Unrecognised decline code: ${'x'.repeat(80)}`
    const cut = fitLabel(long, labelWidth([long]))
    expect(cut.endsWith('…')).toBe(true)
    expect(cut.length).toBeLessThan(long.length)
  })
})
