import { readFileSync } from 'node:fs'
import currencyCodes from 'currency-codes'
import { describe, expect, it } from 'vitest'
import { activeCurrencies, isoListPath, unitsModule, unitsModulePath } from '../../../scripts/iso-4217-table'
import { formatMoney, isoMinorUnit } from '../../../src/shared/format/money'

// Checked against ISO 4217's own list (vendored in vendor/iso-4217, with its source and
// licence) and against the currency-codes package, an independent copy of the same list.

const isoList = readFileSync(isoListPath, 'utf8')
const active = activeCurrencies(isoList)

/** 123456789 minor units as plain decimal text with `digits` decimals. */
function expectedDecimal(digits: number): string {
  const text = '123456789'
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`
}

describe("ISO 4217's list, as the app reads it", () => {
  it('the table in src/shared is the one the vendored list makes, not edited by hand', () => {
    expect(readFileSync(unitsModulePath, 'utf8')).toBe(unitsModule(active))
  })

  it('holds the 178 active codes, the 16 where Intl differs among them', () => {
    expect(active).toHaveLength(178)
    const codes = active.map((c) => c.code)
    for (const code of ['IQD', 'AFN', 'ALL', 'COP', 'HUF', 'IDR', 'IRR', 'KPW', 'LAK', 'LBP', 'MGA', 'MMK', 'PKR', 'SOS', 'SYP', 'YER']) {
      expect(codes).toContain(code)
    }
  })
})

describe("formatMoney reads every active code with ISO's digits", () => {
  it.each(active.map((c) => [c.code, c.digits] as const))('%s: %s digits', (code, digits) => {
    expect(isoMinorUnit(code)).toBe(digits)
    const text = formatMoney(123456789, code)
    if (digits === null) {
      expect(text).toBe(`123456789 ${code} (no minor unit in ISO 4217)`)
      return
    }
    const number = /\d[\d,]*(\.\d+)?/.exec(text)?.[0].replaceAll(',', '')
    expect(number, text).toBe(expectedDecimal(digits))
  })

  it('12345 HUF is 123.45, and 12345 IQD is 12.345, as ISO has it (Intl alone says 12,345 for both)', () => {
    expect(formatMoney(12345, 'HUF')).toBe('HUF\u00a0123.45')
    expect(formatMoney(12345, 'IQD')).toBe('IQD\u00a012.345')
    expect(formatMoney(12345, 'idr')).toBe('IDR\u00a0123.45')
  })

  it('shows a code with no minor unit as the raw integer, saying so', () => {
    expect(formatMoney(1500, 'XAU')).toBe('1500 XAU (no minor unit in ISO 4217)')
    expect(formatMoney(-7, 'xdr')).toBe('-7 XDR (no minor unit in ISO 4217)')
    expect(formatMoney(1500, 'XXX')).toBe('1500 XXX (no minor unit in ISO 4217)')
  })
})

describe('the currency-codes package agrees, but for what ISO changed after its list', () => {
  const packageList = new Map(currencyCodes.data.map((c) => [c.code, c.digits]))
  const isoCodes = new Map(active.map((c) => [c.code, c.digits]))
  // The package's list is ISO's of 2024-06-25; the vendored list dates each withdrawal (BGN
  // 2026-01, ANG 2025-03; CUC, withdrawn 2021-06, was still listed in 2024).
  const withdrawn = new Set(
    isoList
      .split('\n')
      .map((line) => line.split(','))
      .filter((cells) => /^\d{4}-\d\d/.test(cells.at(-1)?.trim() ?? ''))
      .map((cells) => cells.at(-4) ?? ''),
  )

  it('every code both hold has the same digits (the package writes 0 for ISO\'s "N.A.")', () => {
    for (const [code, digits] of isoCodes) {
      if (packageList.has(code)) expect(packageList.get(code), code).toBe(digits ?? 0)
    }
  })

  it('the package holds no code that ISO did not withdraw, and misses only the two ISO added since', () => {
    expect(currencyCodes.publishDate).toBe('2024-06-25')
    const packageOnly = [...packageList.keys()].filter((code) => !isoCodes.has(code))
    expect(packageOnly.filter((code) => !withdrawn.has(code))).toEqual([])
    // Both 2025: the Arab Accounting Dinar, and the Caribbean guilder that replaced ANG.
    expect([...isoCodes.keys()].filter((code) => !packageList.has(code))).toEqual(['XAD', 'XCG'])
  })
})
