import type { EnvironmentView } from '../../stores/connection-store'

/** One line on whether an environment can be used yet, and if not what it lacks. */
export function environmentStatus(env: EnvironmentView): { ready: boolean; text: string } {
  if (env.managed) return { ready: true, text: 'Run by the app on this computer; nothing to set up.' }
  if (!env.baseUrl && !env.hasKey) return { ready: false, text: 'Needs a base URL and a private key.' }
  if (!env.baseUrl) return { ready: false, text: 'Key stored; needs a base URL.' }
  if (!env.hasKey) return { ready: false, text: 'Needs a private key.' }
  return { ready: true, text: 'Base URL set, key stored.' }
}

export const environmentDescriptions: Record<EnvironmentView['id'], string> = {
  local: 'A payment service on this computer with test data. Safe to try anything.',
  operator: 'The sandbox the service operator provisioned for you: test data on their servers.',
  production: 'Live infrastructure: real customers, real money.',
}
