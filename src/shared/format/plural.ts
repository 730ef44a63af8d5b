// Counted nouns as the language's plural rules (CLDR, through Intl.PluralRules) pick them:
// "1 result", "2 results", "0 results". The app's words are English; other locales' forms
// are for the day they are translated, and keep the helper honest about rules English lacks.

/** A noun's forms by plural category; 'other' is required and stands in for any form not given. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }

// The same rounding for the number shown and the rule applied, so "1" never reads "1 results".
const digits = { maximumFractionDigits: 2 }
const rules = new Map<string, Intl.PluralRules>()
const numbers = new Map<string, Intl.NumberFormat>()

function cached<T>(cache: Map<string, T>, locale: string, make: () => T): T {
  let value = cache.get(locale)
  if (!value) {
    value = make()
    cache.set(locale, value)
  }
  return value
}

/** The form of the noun this count takes: pluralWord(1, { one: 'result', other: 'results' }) is "result". */
export function pluralWord(count: number, forms: PluralForms, locale = 'en'): string {
  const category = cached(rules, locale, () => new Intl.PluralRules(locale, digits)).select(count)
  return forms[category] ?? forms.other
}

/** The count with thousands separators and the noun in the form it takes: "1 result", "12,345 results". */
export function plural(count: number, forms: PluralForms, locale = 'en'): string {
  const number = cached(numbers, locale, () => new Intl.NumberFormat(locale, digits))
  return `${number.format(count)} ${pluralWord(count, forms, locale)}`
}
