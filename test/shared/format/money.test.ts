import { describe, expect, it } from 'vitest'
import { formatMoney, minorUnitDigits } from '../../../src/shared/format/money'

describe('formatMoney: the raw integer read as minor units of its currency', () => {
  it("takes each currency's minor units from ISO 4217", () => {
    expect(minorUnitDigits('EUR')).toBe(2)
    expect(minorUnitDigits('JPY')).toBe(0)
    expect(minorUnitDigits('KWD')).toBe(3)
    expect(minorUnitDigits(undefined)).toBe(2)
    expect(minorUnitDigits('not a code')).toBe(2)
  })

  it('reads 1500 as 15 euros, 1,500 yen and 1.5 dinars', () => {
    expect(formatMoney(1500, 'EUR')).toBe('€15.00')
    expect(formatMoney(1500, 'eur')).toBe('€15.00')
    expect(formatMoney(1500, 'USD')).toBe('$15.00')
    expect(formatMoney(1500, 'JPY')).toBe('¥1,500')
    expect(formatMoney(1500, 'KWD')).toBe('KWD\u00a01.500')
  })

  it('keeps small amounts, zero and negatives whole', () => {
    expect(formatMoney(5, 'EUR')).toBe('€0.05')
    expect(formatMoney(7, 'KWD')).toBe('KWD\u00a00.007')
    expect(formatMoney(0, 'EUR')).toBe('€0.00')
    expect(formatMoney(-1500, 'EUR')).toBe('-€15.00')
    expect(formatMoney(-5, 'KWD')).toBe('-KWD\u00a00.005')
    expect(formatMoney(-1500, 'JPY')).toBe('-¥1,500')
  })

  it('writes huge amounts out in full, past 2^53, with no exponent and no float error', () => {
    expect(formatMoney(123_456_789_012_345, 'EUR')).toBe('€1,234,567,890,123.45')
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'KWD')).toBe('KWD\u00a09,007,199,254,740.991')
    expect(formatMoney(1e21, 'JPY')).toBe('¥1,000,000,000,000,000,000,000')
    expect(formatMoney(1e21, 'EUR')).toBe('€10,000,000,000,000,000,000.00')
  })

  it('keeps a fraction of a minor unit instead of rounding it away', () => {
    expect(formatMoney(1500.5, 'EUR')).toBe('€15.005')
  })

  it('shows a code Intl does not accept, or no currency, as a plain number', () => {
    expect(formatMoney(1500, 'EURO')).toBe('15.00 EURO')
    expect(formatMoney(1500, undefined)).toBe('15.00')
    expect(formatMoney(1500, null)).toBe('15.00')
    expect(formatMoney(Number.NaN, 'EUR')).toBe('NaN EUR')
  })
})
