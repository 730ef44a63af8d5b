import { describe, expect, it } from 'vitest'
import { formatDuration } from '../../../src/shared/format/duration'

describe('formatDuration: milliseconds in, words out', () => {
  it('says milliseconds under a second', () => {
    expect(formatDuration(0)).toBe('0 ms')
    expect(formatDuration(849.6)).toBe('850 ms')
    expect(formatDuration(999.4)).toBe('999 ms')
  })

  it('says seconds to a hundredth under ten, whole seconds under a minute, never "1000 ms" or "60 s"', () => {
    expect(formatDuration(999.6)).toBe('1.00 s')
    expect(formatDuration(4_246)).toBe('4.25 s')
    expect(formatDuration(9_994)).toBe('9.99 s')
    expect(formatDuration(9_995)).toBe('10 s')
    expect(formatDuration(45_000)).toBe('45 s')
    expect(formatDuration(59_499)).toBe('59 s')
    expect(formatDuration(59_500)).toBe('1 min 0 s')
  })

  it('says minutes and seconds, then hours and minutes', () => {
    expect(formatDuration(95_000)).toBe('1 min 35 s')
    expect(formatDuration(3_599_499)).toBe('59 min 59 s')
    expect(formatDuration(3_599_500)).toBe('1 h 0 min')
    expect(formatDuration(3_900_000)).toBe('1 h 5 min')
    expect(formatDuration(50 * 3_600_000)).toBe('50 h 0 min')
  })

  it('reads a deadline already passed as zero', () => {
    expect(formatDuration(-1_500)).toBe('0 ms')
  })
})
