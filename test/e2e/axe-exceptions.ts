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

export const axeExceptions: readonly AxeException[] = []
