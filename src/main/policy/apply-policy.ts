import type { Settings } from '../../shared/contract/settings-schema'
import { environmentLabels } from '../../shared/environments'
import type { Policy } from './policy'

/**
 * The settings as the policy allows them: what it fixes replaces what settings.json says
 * (a file edited by hand included), and an active environment it does not allow becomes
 * the first one it does. `changes` says what moved, for the notice at start.
 */
export function settingsUnderPolicy(settings: Settings, policy: Policy): { settings: Settings; changes: string[] } {
  const changes: string[] = []
  let activeEnvironment = settings.activeEnvironment
  const first = policy.allowed[0]
  if (!policy.allowed.includes(activeEnvironment) && first !== undefined) {
    changes.push(`the environment is ${environmentLabels[first]}, since ${environmentLabels[activeEnvironment]} is not allowed`)
    activeEnvironment = first
  }
  const environments = { ...settings.environments }
  for (const id of ['production', 'operator'] as const) {
    const fixed = policy.baseUrls[id]
    if (fixed !== undefined && environments[id].baseUrl !== fixed) {
      changes.push(`the base URL of ${environmentLabels[id]} is ${fixed}`)
      environments[id] = { baseUrl: fixed }
    }
  }
  const throttle = { ...settings.throttle }
  for (const field of ['ceiling', 'concurrency', 'headroom'] as const) {
    const fixed = policy.throttle[field]
    if (fixed !== undefined && throttle[field] !== fixed) {
      changes.push(`the throttle's ${field} is ${String(fixed)}`)
      throttle[field] = fixed
    }
  }
  return { settings: { ...settings, activeEnvironment, environments, throttle }, changes }
}

/** The notice at start when the policy overrode the settings; null when nothing moved. */
export function overriddenNotice(changes: readonly string[]): string | null {
  return changes.length === 0 ? null : `Your organisation's policy overrides your settings: ${changes.join('; ')}.`
}
