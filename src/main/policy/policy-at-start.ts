import { isAppError } from '../../shared/app-error'
import type { SettingsStore } from '../settings/settings-store'
import { overriddenNotice, settingsUnderPolicy } from './apply-policy'
import { restrictedNotice, type Policy } from './policy'
import { readPolicy } from './read-policy'

/**
 * Reads the managed policy once, before anything uses the settings, and puts what it fixes
 * over settings.json. Answers the policy and what the user must be told about it.
 */
export async function governSettings(
  settings: SettingsStore,
  policyPath: string | undefined,
): Promise<{ policy: Policy; notices: string[] }> {
  const policy = await readPolicy(policyPath)
  const governed = settingsUnderPolicy(settings.get(), policy)
  const notices = [restrictedNotice(policy), overriddenNotice(governed.changes)].filter((notice) => notice !== null)
  if (governed.changes.length > 0) {
    try {
      await settings.update(() => governed.settings)
    } catch (error) {
      // The override is in force for this run (update applies before it saves); only the file is behind.
      if (!isAppError(error)) throw error
      notices.push(error.message)
    }
  }
  return { policy, notices }
}
