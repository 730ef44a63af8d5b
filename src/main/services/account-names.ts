import unhomoglyph from 'unhomoglyph'
import type { Account } from '../../shared/accounts'

// Unicode Technical Standard #39 (Unicode Security Mechanisms), for account names: a link names
// an account, so two names that look alike, or one that mixes alphabets, let a link pass one
// account off as another. unhomoglyph holds Unicode's confusables.txt mapping.

/** UTS #39's skeleton: NFD, each character to its prototype in confusables.txt, NFD again. */
export function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD')
}

// Names are unique in any case, so look-alikes are too ("SHOP" and "ѕhop").
const lookalikeKeys = (name: string) => [skeleton(name), skeleton(name.toLowerCase()), skeleton(name).toLowerCase()]

/** The existing account whose name looks like `name`, if any. */
export function lookalikeAccount(name: string, existing: readonly Account[]): Account | null {
  const keys = lookalikeKeys(name)
  return existing.find((account) => lookalikeKeys(account.name).some((key, i) => key === keys[i])) ?? null
}

// The scripts a name may be written in. A letter of none of them counts as a script of its own.
const scripts = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Cherokee',
  'Khmer',
  'Mongolian',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
] as const
const scriptTests = scripts.map((script) => ({ script, test: new RegExp(`\\p{Script_Extensions=${script}}`, 'u') }))
const commonOrInherited = /^[\p{Script=Common}\p{Script=Inherited}]$/u
// UTS #39's augmented sets: Han is written with kana (Japanese), Hangul (Korean) or Bopomofo.
const augmented: Partial<Record<string, string[]>> = {
  Han: ['Jpan', 'Kore', 'Hanb'],
  Hiragana: ['Jpan'],
  Katakana: ['Jpan'],
  Hangul: ['Kore'],
  Bopomofo: ['Hanb'],
}

/** The resolved script set (UTS #39 §5.1) of the characters of `text` that belong to a script. */
function resolvedScripts(text: string): { resolved: Set<string>; seen: Set<string> } {
  const sets: Set<string>[] = []
  const seen = new Set<string>()
  for (const char of text) {
    if (commonOrInherited.test(char)) continue
    const own: string[] = scriptTests.filter(({ test }) => test.test(char)).map(({ script }) => script)
    // A letter of no listed script: a script of its own, which nothing else shares.
    sets.push(new Set(own.length > 0 ? own.flatMap((script) => [script, ...(augmented[script] ?? [])]) : [char]))
    for (const script of own.length > 0 ? own : ['another script']) seen.add(script)
  }
  const [first, ...rest] = sets
  const resolved = first
    ? rest.reduce((shared, set) => new Set([...shared].filter((script) => set.has(script))), first)
    : new Set(['Common'])
  return { resolved, seen }
}

/**
 * The scripts a name mixes, or null when it is written in one: UTS #39's "highly restrictive"
 * level, which also lets Latin go with Han and kana (Japanese), Han and Hangul, or Han and Bopomofo.
 */
export function mixedScripts(name: string): string[] | null {
  const { resolved, seen } = resolvedScripts(name)
  if (resolved.size > 0) return null
  const latinLess = resolvedScripts(
    Array.from(name)
      .filter((char) => !/\p{Script=Latin}/u.test(char))
      .join(''),
  ).resolved
  if (['Jpan', 'Kore', 'Hanb'].some((set) => latinLess.has(set))) return null
  return [...seen]
}

/** Why `name` cannot be added beside `existing`, or null. */
export function lookalikeProblem(name: string, existing: readonly Account[]): string | null {
  const twin = lookalikeAccount(name, existing)
  if (twin) return `This name looks like "${twin.name}", an account of this environment: a link could not tell them apart. Choose another.`
  const mixed = mixedScripts(name)
  if (mixed) return `This name mixes scripts (${mixed.join(', ')}), so it could pass for another: write it in one.`
  return null
}
