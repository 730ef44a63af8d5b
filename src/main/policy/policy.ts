import type { PolicyFile, PolicyView, RemoteEnvironmentId, Role, ThrottleField } from '../../shared/contract/policy-schema'
import { checkBaseUrl, environmentIds, environmentLabels, type EnvironmentId } from '../../shared/environments'

/** The policy in force for this run of the app: read once at start, never changed while it runs. */
export interface Policy {
  source: PolicyView['source']
  role: Role
  allowed: readonly EnvironmentId[]
  /** Base URLs the policy sets, in the form checkBaseUrl gives. */
  baseUrls: Partial<Record<RemoteEnvironmentId, string>>
  throttle: Partial<Record<ThrottleField, number>>
  typeEnvironmentName: boolean
  /** The first 16 hex digits of the file's SHA-256; null without a file (or one that could not be read). */
  fingerprint: string | null
  /** Where the file was looked for. */
  path: string | null
  /** Why the file could not be used, when source is 'restricted'. */
  problem: string | null
}

export const noPolicy: Policy = {
  source: 'none',
  role: 'admin',
  allowed: environmentIds,
  baseUrls: {},
  throttle: {},
  typeEnvironmentName: false,
  fingerprint: null,
  path: null,
  problem: null,
}

/**
 * A policy file that exists but cannot be used: the narrowest mode, never the widest.
 * Support role (no checkout, webhooks, keys or base URLs), the Local sandbox only, so
 * nothing reaches a real service.
 */
export function restrictedPolicy(path: string, problem: string, fingerprint: string | null = null): Policy {
  return { ...noPolicy, source: 'restricted', role: 'support', allowed: ['local'], path, problem, fingerprint }
}

export function policyFromFile(file: PolicyFile, path: string, fingerprint: string): Policy {
  const listed = file.environments
  const baseUrls: Policy['baseUrls'] = {}
  for (const id of ['production', 'operator'] as const) {
    const url = listed?.[id]?.baseUrl
    // The schema has checked it already; this gives the same form the settings hold.
    const checked = url === undefined ? null : checkBaseUrl(url)
    if (checked?.ok) baseUrls[id] = checked.url
  }
  return {
    source: 'file',
    role: file.role,
    allowed: listed ? environmentIds.filter((id) => listed[id] !== undefined) : environmentIds,
    baseUrls,
    throttle: { ...file.throttle },
    typeEnvironmentName: file.productionWrites === 'type-environment-name',
    fingerprint,
    path,
    problem: null,
  }
}

export function policyView(policy: Policy): PolicyView {
  return {
    source: policy.source,
    role: policy.role,
    allowedEnvironments: [...policy.allowed],
    lockedBaseUrls: (['production', 'operator'] as const).filter((id) => policy.baseUrls[id] !== undefined),
    lockedThrottle: (['ceiling', 'concurrency', 'headroom'] as const).filter((field) => policy.throttle[field] !== undefined),
    typeEnvironmentName: policy.typeEnvironmentName,
    fingerprint: policy.fingerprint,
  }
}

/** What each audit entry adds while a policy file is in force; null without one (entries read as before). */
export function policyNote(policy: Policy): string | null {
  if (policy.source === 'none') return null
  const which =
    policy.source === 'file'
      ? `policy ${policy.fingerprint ?? ''}`
      : `policy unusable${policy.fingerprint ? ` (${policy.fingerprint})` : ''}, most restricted mode`
  return `role ${policy.role}, ${which}`
}

/** The notice at start when the policy file could not be used. */
export function restrictedNotice(policy: Policy): string | null {
  if (policy.source !== 'restricted') return null
  return `The policy file ${policy.path ?? ''} set by your organisation could not be used: ${policy.problem ?? 'it is invalid'}. Payments Desk started in its most restricted mode (support role, ${environmentLabels.local} only, nothing written to a service). Ask your IT department to correct the file; the app reads it at start.`
}
