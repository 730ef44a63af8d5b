import { appendFile, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { axeExceptions, type AxeException } from './axe-exceptions'
import type { AppPage } from './harness'
import { waitForTransitions } from './transitions'

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** The standard: WCAG 2.0, 2.1 and 2.2 A and AA, and axe's best practices. */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice']

interface AxeResults {
  violations: { id: string; impact: string; nodes: { target: unknown[]; failureSummary?: string }[] }[]
}

// Label in name (WCAG 2.5.3) is experimental in axe, so off unless asked for: the issue names two such failures.
const experimentalRules = { 'label-content-name-mismatch': { enabled: true } }

export interface AxeFinding {
  rule: string
  impact: string
  target: string
  summary: string
}

/**
 * The app's CSP (script-src 'self') refuses an injected <script>, so axe's source is run as an
 * evaluated expression: DevTools evaluation is not subject to the page's CSP, which stays as it is.
 */
async function injectAxe(page: Page): Promise<void> {
  const present = await page.evaluate('typeof window.axe === "object"')
  if (present === true) return
  await page.evaluate(`${await axeSource}\n;void 0`)
}

/** Every axe violation in the page as it is now, once its transitions have ended, one finding per element. */
export async function findViolations(page: Page): Promise<AxeFinding[]> {
  await waitForTransitions(page)
  await injectAxe(page)
  const results = await page.evaluate<AxeResults>(
    `window.axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(axeTags)} }, rules: ${JSON.stringify(experimentalRules)}, resultTypes: ['violations'] })`,
  )
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      rule: violation.id,
      impact: violation.impact,
      target: node.target.map(String).join(' '),
      summary: (node.failureSummary ?? '').split('\n').slice(1, 2).join('').trim(),
    })),
  )
}

function excused(finding: AxeFinding, state: string, exceptions: readonly AxeException[]): boolean {
  return exceptions.some(
    (exception) =>
      exception.rule === finding.rule &&
      (exception.states === 'all' || exception.states.some((prefix) => state.startsWith(prefix))) &&
      finding.target.includes(exception.selector),
  )
}

/** Fails with every violation in `state` that the exceptions file does not excuse. */
export async function expectNoViolations(page: Page, state: string): Promise<void> {
  const all = await findViolations(page)
  // AXE_SURVEY=<file> measures instead of asserting: every finding, excused or not, as JSON lines.
  const survey = process.env.AXE_SURVEY
  if (survey) {
    await appendFile(survey, all.map((finding) => JSON.stringify({ state, ...finding }) + '\n').join(''))
    return
  }
  const findings = all.filter((finding) => !excused(finding, state, axeExceptions))
  const lines = findings.map((finding) => `${finding.impact} ${finding.rule} at ${finding.target}: ${finding.summary}`)
  expect(lines, `axe violations in ${state}`).toEqual([])
}

/** axe over the state as it is now, in light and then in dark, with a screenshot of each (`<name>-<scheme>.png`); back to light after. */
export async function expectNoViolationsInBothSchemes(
  app: Pick<AppPage, 'page' | 'setScheme' | 'screenshot'>,
  state: string,
  screenshotName: string,
): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await app.setScheme(scheme)
    // Mantine follows the system scheme on the next frame: audit the scheme asked for, not the last one.
    await expect.poll(() => app.page.evaluate('document.documentElement.dataset.mantineColorScheme')).toBe(scheme)
    await expectNoViolations(app.page, `${state} (${scheme})`)
    await app.screenshot(screenshotName)
  }
  await app.setScheme('light')
}
