import postcss from 'postcss'

/** Mantine's CSS-module class names, as its stylesheet and its components' code both spell them. */
const mantineClass = /\bm_[0-9a-f]{8}\b/g
/** `:not(...)`, one level of parentheses inside allowed (`:not(:nth-child(2))`). */
const negation = /:not\((?:[^()]|\([^()]*\))*\)/g

/**
 * The app imports Mantine's whole stylesheet (one file, in the right order), then uses some of its
 * components. Each component's rules name its classes (`.m_77c9d27d`), and an element only ever carries
 * such a class because a component's code, in some chunk of the bundle, put it there. So a selector
 * naming a class that no chunk holds can match nothing, and goes; every other rule stays as it was,
 * in its place. The start screen's stylesheet is parsed before its first paint: a third less of it.
 */
export function pruneUnusedMantineCss(css: string, code: readonly string[]): string {
  const used = new Set(code.flatMap((text) => text.match(mantineClass) ?? []))
  // A class inside :not() is one an element must lack, which an unused class never stops.
  const canMatch = (selector: string) => (selector.replace(negation, '').match(mantineClass) ?? []).every((name) => used.has(name))
  const root = postcss.parse(css)
  root.walkRules((rule) => {
    const kept = rule.selectors.filter(canMatch)
    if (kept.length === 0) rule.remove()
    else if (kept.length < rule.selectors.length) rule.selectors = kept
  })
  // Media queries, layers and the like left with nothing inside; innermost first, so their parents follow.
  const emptied: postcss.AtRule[] = []
  root.walkAtRules((atRule) => {
    emptied.unshift(atRule)
  })
  for (const atRule of emptied) if (atRule.nodes?.length === 0) atRule.remove()
  return root.toString()
}
