import type { Page } from 'playwright-core'

// What the user's display preferences would make a page lose, measured in the page. The scripts are
// evaluated as text: the test project has no DOM types, and each reads only computed styles.

/** An element as `tag.mantine-Part.recharts-part`, enough to find it in the code. */
const describeElement = `(node) => {
  if (!(node instanceof Element)) return String(node)
  const classes = [...node.classList].filter((c) => c.startsWith('mantine-') || c.startsWith('recharts-')).join('.')
  return node.tagName.toLowerCase() + (classes ? '.' + classes : '')
}`

/**
 * Everything in the page that moves or would: running animations and transitions, elements whose
 * animation or transition lasts longer than 10 ms, smooth scrolling. Empty when nothing does.
 */
export function motionLeft(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const name = ${describeElement}
    const seconds = (list) => Math.max(...list.split(',').map((v) => parseFloat(v) * (v.trim().endsWith('ms') ? 0.001 : 1)))
    const found = document
      .getAnimations()
      .filter((animation) => animation.playState === 'running' || animation.playState === 'pending')
      .map((animation) => 'running ' + animation.constructor.name + ' on ' + name(animation.effect && animation.effect.target))
    for (const element of document.querySelectorAll('*')) {
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(element, pseudo)
        const where = name(element) + (pseudo ?? '')
        if (style.animationName !== 'none' && seconds(style.animationDuration) > 0.01) found.push('animation ' + style.animationName + ' on ' + where)
        if (seconds(style.transitionDuration) > 0.01) found.push('transition ' + style.transitionProperty + ' on ' + where)
        if (pseudo === null && style.scrollBehavior === 'smooth') found.push('smooth scrolling on ' + where)
      }
    }
    return [...new Set(found)]
  })()`)
}

/** The first background drawn behind an element, the colour its edges must differ from. */
const backdropOf = `(element) => {
  const transparent = (color) => color === 'transparent' || /rgba\\(.*, 0\\)$/.test(color)
  for (let node = element.parentElement; node; node = node.parentElement) {
    const color = getComputedStyle(node).backgroundColor
    if (!transparent(color)) return color
  }
  return getComputedStyle(document.body).backgroundColor
}`

/**
 * Controls that forced colours would leave invisible: a control with no edge (border or outline)
 * in a colour other than what is behind it, or a state drawn by a fill (the chosen screen, tab and
 * segment, a switch that is on, a checked radio, a progress bar, a chart bar) in that same colour.
 */
export function unseenControls(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const backdrop = ${backdropOf}
    const transparent = (color) => color === 'transparent' || /rgba\\(.*, 0\\)$/.test(color)
    const shownOn = (element, color) => !transparent(color) && color !== backdrop(element)
    const sized = (element) => {
      const box = element.getBoundingClientRect()
      return box.width > 2 && box.height > 2
    }
    const edged = (element) => {
      const style = getComputedStyle(element)
      const side = (s) => style['border' + s + 'Style'] !== 'none' && parseFloat(style['border' + s + 'Width']) > 0 && shownOn(element, style['border' + s + 'Color'])
      return ['Top', 'Right', 'Bottom', 'Left'].some(side) || (style.outlineStyle !== 'none' && shownOn(element, style.outlineColor))
    }
    const filled = (element) => shownOn(element, getComputedStyle(element).backgroundColor)
    const kinds = [
      ['button', '.mantine-Button-root, .mantine-ActionIcon-root, .mantine-CloseButton-root', edged],
      ['text field', '.mantine-Input-input', edged],
      ['checkbox', '.mantine-Checkbox-input', edged],
      ['switch', '.mantine-Switch-track', edged],
      ['radio', '.mantine-RadioIndicator-indicator, .mantine-Radio-radio', edged],
      ['segmented control', '.mantine-SegmentedControl-root', edged],
      ['badge', '.mantine-Badge-root', edged],
      ['progress bar', '.mantine-Progress-root', edged],
      ['selected screen', '.mantine-NavLink-root[data-active]', filled],
      ['selected tab', '.mantine-Tabs-tab[data-active]', filled],
      ['selected segment', '.mantine-SegmentedControl-indicator', filled],
      ['switch that is on', '.mantine-Switch-input:checked + .mantine-Switch-track', filled],
      ['checked radio', '.mantine-RadioIndicator-indicator[data-checked], .mantine-Radio-radio:checked', filled],
      ['progress', '.mantine-Progress-section', filled],
      ['chart bar', '.recharts-bar-rectangle path', (element) => shownOn(element, getComputedStyle(element).fill)],
    ]
    return kinds.flatMap(([kind, selector, visible]) =>
      [...document.querySelectorAll(selector)]
        .filter((element) => sized(element) && !visible(element))
        .map((element) => kind + ': ' + ((element.textContent ?? '').trim().slice(0, 40) || element.className)),
    )
  })()`)
}

/** Whether the focused element draws an outline (in forced colours the one focus indicator left). */
export function focusOutlined(page: Page): Promise<boolean> {
  return page.evaluate<boolean>(`(() => {
    const style = getComputedStyle(document.activeElement ?? document.body)
    const behind = (${backdropOf})(document.activeElement ?? document.body)
    return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1 && style.outlineColor !== behind
  })()`)
}

/**
 * What a window loses (a narrow one, at 200 % zoom, most): the page scrolling sideways, controls
 * off the window, and text cut off by its box or spilling out of its table cell. Controls in tables
 * built to scroll sideways are reached by scrolling them; a shortened text with its whole in a
 * title is by design.
 */
export function lostContent(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const found = []
    const root = document.documentElement
    if (root.scrollWidth > root.clientWidth) found.push('the page scrolls sideways: ' + root.scrollWidth + ' > ' + root.clientWidth)
    const label = (element) => element.tagName.toLowerCase() + ' "' + (element.textContent ?? '').trim().slice(0, 40) + '"'
    const insideSidewaysScroll = (element) => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        if (/auto|scroll/.test(getComputedStyle(node).overflowX) && node.scrollWidth > node.clientWidth) return true
      }
      return false
    }
    const ignored = (element) => element.closest('[inert], [aria-hidden="true"], svg') !== null || !element.checkVisibility({ visibilityProperty: true })
    const controls = 'button, a[href], input:not([type=hidden]), textarea, select, [role=tab], [role=switch], [tabindex="0"]'
    for (const element of document.querySelectorAll(controls)) {
      const box = element.getBoundingClientRect()
      if (box.width <= 2 || box.height <= 2 || ignored(element)) continue
      if ((box.left < -1 || box.right > root.clientWidth + 1) && !insideSidewaysScroll(element)) found.push('off the window: ' + label(element))
    }
    for (const element of document.querySelectorAll('body *')) {
      const clips = /hidden|clip/.test(getComputedStyle(element).overflowX) || element.matches('th, td')
      if (!clips || element.scrollWidth <= element.clientWidth + 1) continue
      // A scroll area's own parts hide what they scroll.
      if (element.clientWidth <= 2 || element.matches('[class*="mantine-ScrollArea"]') || ignored(element)) continue
      const text = (element.textContent ?? '').trim()
      const whole = element.closest('[title]')?.getAttribute('title') ?? ''
      if (text !== '' && !whole.includes(text.replace(/…$/, ''))) found.push('text cut off: ' + label(element))
    }
    return [...new Set(found)]
  })()`)
}
