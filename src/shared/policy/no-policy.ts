import { environmentIds } from '../environments'
import type { PolicyView } from '../contract/policy-schema'

/**
 * No policy file: every environment, every setting the user's, the admin role (as before policies existed).
 * Apart from the schemas, so the window's first screen, which starts from it, loads no zod.
 */
export const noPolicyView: PolicyView = {
  source: 'none',
  role: 'admin',
  allowedEnvironments: [...environmentIds],
  lockedBaseUrls: [],
  lockedThrottle: [],
  typeEnvironmentName: false,
  fingerprint: null,
}
