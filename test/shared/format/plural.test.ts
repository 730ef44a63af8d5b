import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { plural, pluralWord, type PluralForms } from '../../../src/shared/format/plural'

// Integer rules as CLDR's plural table states them (unicode.org, Language Plural Rules), written
// out here as the oracle the platform's Intl.PluralRules must agree with through the helper.
const cldr: Record<string, (n: number) => Intl.LDMLPluralRule> = {
  en: (n) => (n === 1 ? 'one' : 'other'),
  fr: (n) => (n === 0 || n === 1 ? 'one' : n !== 0 && n % 1_000_000 === 0 ? 'many' : 'other'),
  pl: (n) => (n === 1 ? 'one' : [2, 3, 4].includes(n % 10) && ![12, 13, 14].includes(n % 100) ? 'few' : 'many'),
  ru: (n) => (n % 10 === 1 && n % 100 !== 11 ? 'one' : [2, 3, 4].includes(n % 10) && ![12, 13, 14].includes(n % 100) ? 'few' : 'many'),
  ar: (n) =>
    n === 0 ? 'zero' : n === 1 ? 'one' : n === 2 ? 'two' : n % 100 >= 3 && n % 100 <= 10 ? 'few' : n % 100 >= 11 ? 'many' : 'other',
  ja: () => 'other',
}

// Each form names its category, so the word shows which one the helper chose.
const tagged: PluralForms = { zero: 'zero', one: 'one', two: 'two', few: 'few', many: 'many', other: 'other' }

describe('plural', () => {
  it('counts in English: "1 result", never "1 results"', () => {
    const result = { one: 'result', other: 'results' }
    expect(plural(1, result)).toBe('1 result')
    expect(plural(0, result)).toBe('0 results')
    expect(plural(2, result)).toBe('2 results')
    expect(plural(12_345, result)).toBe('12,345 results')
    expect(plural(1.5, result)).toBe('1.5 results')
  })

  it.each(Object.keys(cldr))('picks the form CLDR gives every whole count in %s', (locale) => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 10_000_000 })), (n) => {
        expect(pluralWord(n, tagged, locale)).toBe(cldr[locale]?.(n))
      }),
    )
  })

  it('reads other languages with their own forms and digits', () => {
    const pl = { one: 'wynik', few: 'wyniki', many: 'wyników', other: 'wyniku' }
    expect([1, 2, 5, 12, 22, 25].map((n) => plural(n, pl, 'pl'))).toEqual([
      '1 wynik',
      '2 wyniki',
      '5 wyników',
      '12 wyników',
      '22 wyniki',
      '25 wyników',
    ])
    expect(plural(1234, { one: 'résultat', many: 'de résultats', other: 'résultats' }, 'fr')).toBe('1\u202f234 résultats')
  })

  it("falls back to 'other' for a form the noun does not give", () => {
    expect(plural(2, { one: 'ID', other: 'IDs' }, 'ar')).toBe('2 IDs')
  })
})
