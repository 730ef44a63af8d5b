import { posix, win32 } from 'node:path'

/** Names another policy file for a development or test run: never read by a packaged app. */
export const policyPathVariable = 'PAYMENTS_DESK_POLICY'

/**
 * Where IT puts the managed policy, by platform. Folders only an administrator can write.
 * Windows: C:\ProgramData, not %ProgramData% as the process sees it, because a user can
 * set that variable for the processes they start and so point the app at no policy at all.
 * The variable above is honoured only when the app is not packaged (development, tests).
 */
export function managedPolicyPath(options: {
  platform: NodeJS.Platform
  env: Readonly<Record<string, string | undefined>>
  packaged: boolean
}): string {
  const override = options.env[policyPathVariable]
  if (!options.packaged && override) return override
  if (options.platform === 'win32') return win32.join('C:\\ProgramData', 'Payments Desk', 'policy.json')
  if (options.platform === 'darwin') return posix.join('/Library', 'Application Support', 'Payments Desk', 'policy.json')
  return posix.join('/etc', 'payments-desk', 'policy.json')
}
