import type { Page } from 'playwright-core'

// Checks that read the page as it is painted (axe's colours, where a box ends) must not catch it mid
// transition: a dialog fading in blends its text with the page behind it, a navbar sliding in has its
// links off the window. Two frames let a transition that was just asked for start; endless animations
// (loaders, a running batch's stripes) are left running.
const transitionsEnded = `new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))).then(() =>
  Promise.all(
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined)),
  ),
).then(() => undefined)`

/** Resolves once every finite animation and transition in the page has ended. */
export async function waitForTransitions(page: Page): Promise<void> {
  await page.evaluate(transitionsEnded)
}
