import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'

/** What a sighted keyboard user sees of the focused element. */
export interface FocusSeen {
  /** Tag and accessible-ish name, for messages. */
  what: string
  /** In the window, with a size, and not under another element (the sticky or fixed headers). */
  inSight: boolean
  /** An outline or a box-shadow on it, or on the wrapper that draws its frame (a password field's). */
  indicator: boolean
}

// Runs in the page: plain source, so nothing of the test's transpiled helpers leaks in.
const seeFocus = `(() => {
  const el = document.activeElement
  if (!el || el === document.body) return { what: 'nothing (body)', inSight: false, indicator: false }
  const name = el.getAttribute('aria-label') || (el.labels && el.labels[0] && el.labels[0].textContent) || el.textContent || el.id
  const what = el.tagName.toLowerCase() + ' "' + (name || '').trim().slice(0, 60) + '"'
  const label = el.labels && el.labels[0]
  // A radio drawn by its label (Mantine's SegmentedControl): the label is what is seen, and where the ring is.
  const own = el.getBoundingClientRect()
  const box = label && (own.width === 0 || own.height === 0) ? label.getBoundingClientRect() : own
  const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1)
  const y = Math.min(Math.max(box.top + Math.min(box.height / 2, 12), 0), innerHeight - 1)
  const hit = document.elementFromPoint(x, y)
  const onTop = hit !== null && (el.contains(hit) || hit.contains(el) || (label != null && label.contains(hit)))
  const inSight = box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight && onTop
  let indicator = false
  for (let node = el, depth = 0; node && depth < 4 && !indicator; node = node.parentElement, depth++) {
    if (!node.matches(':focus-within')) break
    const style = getComputedStyle(node)
    indicator = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none'
  }
  if (!indicator && label) {
    const style = getComputedStyle(label)
    indicator = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none'
  }
  const seenAt = hit === null ? 'nothing' : hit.tagName.toLowerCase() + '.' + String(hit.className).slice(0, 40)
  return { what: what + ' at (' + Math.round(x) + ', ' + Math.round(y) + ') under ' + seenAt, inSight, indicator }
})()`

export const focusSeen = (page: Page): Promise<FocusSeen> => page.evaluate<FocusSeen>(seeFocus)

/** The focused element is in sight, on top, and drawn with a focus indicator. */
export async function expectVisibleFocus(page: Page, step: string): Promise<FocusSeen> {
  const seen = await focusSeen(page)
  expect(seen.inSight, `${step}: ${seen.what} is out of sight or covered`).toBe(true)
  expect(seen.indicator, `${step}: ${seen.what} has no focus indicator`).toBe(true)
  return seen
}

/** Whether `target` has the focus now; false when it is not in the DOM (a virtual row scrolled away). */
export const isFocused = (target: Locator): Promise<boolean> =>
  target.evaluateAll((elements: unknown[]) =>
    elements.some((element) => element === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement),
  )

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, checking at every stop on the
 * way that the focus can be seen. Fails after `max` presses.
 */
export async function tabTo(page: Page, target: Locator, step: string, options: { back?: boolean; max?: number } = {}): Promise<void> {
  const { back = false, max = 40 } = options
  for (let presses = 0; presses < max; presses++) {
    if (await isFocused(target)) return
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    await expectVisibleFocus(page, `${step}, Tab stop ${presses + 1}`)
  }
  expect(await isFocused(target), `${step}: not reached in ${max} Tab presses`).toBe(true)
}
