import { describe, expect, it } from 'vitest'
import { formatCount, formatRate } from '../../../src/shared/format/number'

describe('formatCount and formatRate', () => {
  it('groups thousands', () => {
    expect(formatCount(50_000)).toBe('50,000')
    expect(formatCount(0)).toBe('0')
  })

  it('keeps the digits a fractional rate needs and drops the rest', () => {
    expect(formatRate(0.25)).toBe('0.25')
    expect(formatRate(12.54)).toBe('12.5')
    expect(formatRate(5)).toBe('5')
    expect(formatRate(123.4)).toBe('123')
  })
})
