/**
 * The axe violations the suite lets pass, each with why. A finding is excused when its rule
 * matches, the state's name starts with one of `states` (or states is 'all'), and its target
 * selector contains `selector`. Anything else fails test/e2e/accessibility.e2e.ts.
 */
export interface AxeException {
  rule: string
  selector: string
  states: readonly string[] | 'all'
  reason: string
}

export const axeExceptions: readonly AxeException[] = [
  {
    rule: 'page-has-heading-one',
    selector: 'html',
    states: 'all',
    reason:
      "The header's \"Payments Desk\" title (src/renderer/src/app.tsx, <Title order={3}>) is the one heading every screen shares and should be order 1; app.tsx is being split into lazy screens in parallel work, so the one-line change waits for that to land (issue 13 stays open for it).",
  },
]
