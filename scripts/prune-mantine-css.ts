import postcss from 'postcss'

/** Mantine's CSS-module class names, as its stylesheet and its components' code both spell them. */
const mantineClass = /\bm_[0-9a-f]{8}\b/g
const innermostParentheses = /\([^()]*\)/g

/** The selector without what its pseudo-classes hold, however deep: `.a:is(.b, .c):not(.d)` → `.a:is:not`. */
function outsidePseudoClasses(selector: string): string {
  const outer = selector.replace(innermostParentheses, '')
  return outer === selector ? selector : outsidePseudoClasses(outer)
}

/**
 * The app imports Mantine's whole stylesheet (one file, in the right order), then uses some of its
 * components. Each component's rules name its classes (`.m_77c9d27d`), and an element only ever carries
 * such a class because a component's code, in some chunk of the bundle, put it there. So a selector
 * that requires a class no chunk holds can match nothing, and goes; every other rule stays as it was,
 * in its place. The start screen's stylesheet is parsed before its first paint: a third less of it.
 */
export function pruneUnusedMantineCss(css: string, code: readonly string[]): string {
  const used = new Set(code.flatMap((text) => text.match(mantineClass) ?? []))
  // Only the classes an element must carry: inside :not() a class is one it must lack, and inside
  // :is() or :where() one of several alternatives. Those are left to the browser.
  const canMatch = (selector: string) => (outsidePseudoClasses(selector).match(mantineClass) ?? []).every((name) => used.has(name))
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
