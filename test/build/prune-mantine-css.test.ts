import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { pruneUnusedMantineCss } from '../../scripts/prune-mantine-css'

const used = 'm_11111111'
const unused = 'm_22222222'
// A chunk as the bundle holds it: Mantine's CSS-module classes as plain strings.
const chunk = `var classes={root:"${used}",label:"m_33333333"};`

describe('pruning Mantine rules no component uses', () => {
  it('drops a rule for a class no chunk holds, and keeps one for a class a chunk holds', () => {
    const css = `.${used}{color:red}.${unused}{color:blue}`
    expect(pruneUnusedMantineCss(css, [chunk])).toBe(`.${used}{color:red}`)
  })

  it('keeps the selectors of a list that can still match, and a selector needs every class it names', () => {
    const css = `.${used},.${unused}{margin:0}.${used} .${unused}{padding:0}.${used}:where([data-x]) .m_33333333{gap:0}`
    expect(pruneUnusedMantineCss(css, [chunk])).toBe(`.${used}{margin:0}.${used}:where([data-x]) .m_33333333{gap:0}`)
  })

  it('leaves to the browser what pseudo-classes hold: a class to lack, or one of several alternatives', () => {
    const css = `.${used}:not(.${unused}){order:1}.${used}:is(.${unused}, .m_33333333){order:2}.${used}:not(:nth-child(2) .${unused}){order:3}.${unused}:where(.${used}){order:4}`
    expect(pruneUnusedMantineCss(css, [chunk])).toBe(
      `.${used}:not(.${unused}){order:1}.${used}:is(.${unused}, .m_33333333){order:2}.${used}:not(:nth-child(2) .${unused}){order:3}`,
    )
  })

  it('leaves rules without Mantine classes alone: the reset, the variables, the app and global classes', () => {
    const css = `:root{--mantine-color-body:#fff}body{margin:0}.mantine-focus-auto:focus-visible{outline:2px solid}[data-mantine-color-scheme=dark] .app_a1{color:#fff}`
    expect(pruneUnusedMantineCss(css, [])).toBe(css)
  })

  it('removes media queries and layers left empty, however deep, and keeps the ones with a rule left', () => {
    const css = `@layer mantine{@media (min-width:48em){.${unused}{top:0}}.${used}{top:1px}}@media (prefers-reduced-motion:reduce){@supports (display:grid){.${unused}{left:0}}}`
    expect(pruneUnusedMantineCss(css, [chunk])).toBe(`@layer mantine{.${used}{top:1px}}`)
  })

  it("cuts Mantine's own stylesheet to the components a chunk uses", async () => {
    const require = createRequire(import.meta.url)
    const mantine = await readFile(require.resolve('@mantine/core/styles.css'), 'utf8')
    const button = await readFile(require.resolve('@mantine/core/styles/Button.css'), 'utf8')
    // Button's classes, and those of the UnstyledButton it is built on, as the bundle would hold them.
    const buttonClasses = [button, await readFile(require.resolve('@mantine/core/styles/UnstyledButton.css'), 'utf8')]
      .join('')
      .match(/m_[0-9a-f]{8}/g)
      ?.join(' ')
    const pruned = pruneUnusedMantineCss(mantine, [buttonClasses ?? ''])
    expect(pruned.length).toBeLessThan(mantine.length / 2)
    for (const name of new Set(button.match(/m_[0-9a-f]{8}/g))) expect(pruned).toContain(`.${name}`)
    expect(pruned).toContain('--mantine-color-body')
  })
})
