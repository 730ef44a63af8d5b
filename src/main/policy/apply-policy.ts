import { defaultEnvironmentAccounts } from '../../shared/contract/account-schema'
import { defaultSettings, type Settings } from '../../shared/contract/settings-schema'
import { environmentLabels } from '../../shared/environments'
import { mayCall, mayUseField } from '../../shared/policy/channel-roles'
import type { Policy } from './policy'

/** What a role may change in the app, as the channel table says: settings.json may change no more. */
function roleMayChange(role: Policy['role']) {
  return {
    baseUrl: mayUseField(role, 'updateSettings', 'baseUrl'),
    throttle: mayUseField(role, 'updateSettings', 'throttle'),
    accounts: mayCall(role, 'addAccount') && mayCall(role, 'removeAccount'),
  }
}

/**
 * The settings as the policy allows them: what it fixes replaces what settings.json says
 * (a file edited by hand included); what the role may not change in the app is the
 * default's (or the policy's), whatever the file says; and an active environment it does
 * not allow becomes the first one it does. `changes` says what moved, for the notice at start.
 */
export function settingsUnderPolicy(settings: Settings, policy: Policy): { settings: Settings; changes: string[] } {
  const changes: string[] = []
  const may = roleMayChange(policy.role)
  const byRole = `, which your role (${policy.role}) may not change`
  let activeEnvironment = settings.activeEnvironment
  const first = policy.allowed[0]
  if (!policy.allowed.includes(activeEnvironment) && first !== undefined) {
    changes.push(`the environment is ${environmentLabels[first]}, since ${environmentLabels[activeEnvironment]} is not allowed`)
    activeEnvironment = first
  }
  const environments = { ...settings.environments }
  const accounts = { ...settings.accounts }
  for (const id of ['production', 'operator'] as const) {
    const locked = policy.baseUrls[id]
    const fixed = locked ?? (may.baseUrl ? undefined : defaultSettings.environments[id].baseUrl)
    if (fixed !== undefined && environments[id].baseUrl !== fixed) {
      const reason = locked === undefined ? byRole : ''
      changes.push(
        fixed === null
          ? `the base URL of ${environmentLabels[id]} is not set${reason}`
          : `the base URL of ${environmentLabels[id]} is ${fixed}${reason}`,
      )
      environments[id] = { baseUrl: fixed }
    }
    if (!may.accounts && JSON.stringify(accounts[id].list) !== JSON.stringify(defaultEnvironmentAccounts.list)) {
      changes.push(`${environmentLabels[id]} has its Default account only${byRole}`)
      accounts[id] = defaultEnvironmentAccounts
    }
  }
  const throttle = { ...settings.throttle }
  for (const field of ['ceiling', 'concurrency', 'headroom'] as const) {
    const locked = policy.throttle[field]
    const fixed = locked ?? (may.throttle ? undefined : defaultSettings.throttle[field])
    if (fixed !== undefined && throttle[field] !== fixed) {
      changes.push(`the throttle's ${field} is ${String(fixed)}${locked === undefined ? byRole : ''}`)
      throttle[field] = fixed
    }
  }
  return { settings: { ...settings, activeEnvironment, environments, accounts, throttle }, changes }
}

/** The notice at start when the policy overrode the settings; null when nothing moved. */
export function overriddenNotice(changes: readonly string[]): string | null {
  return changes.length === 0 ? null : `Your organisation's policy overrides your settings: ${changes.join('; ')}.`
}
