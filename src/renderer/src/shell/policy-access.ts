import type { PolicyView, ThrottleField } from '../../../shared/contract/policy-schema'
import { noPolicyView } from '../../../shared/policy/no-policy'
import type { InvokeName } from '../../../shared/contract/channels'
import { lockedReason, mayCall, mayUseField, roleReason } from '../../../shared/policy/channel-roles'
import type { EnvironmentId } from '../../../shared/environments'
import { useConnection } from '../stores/connection-store'

// The window only hides and explains: main refuses whatever the policy does not allow,
// whatever this file shows. Until the first Settings view arrives, nothing is hidden.

export function selectPolicy(state: { view: { policy: PolicyView } | null }): PolicyView {
  return state.view?.policy ?? noPolicyView
}

export function usePolicy(): PolicyView {
  return useConnection(selectPolicy)
}

/** Whether the role may call this channel: what a screen or control needs to be shown. */
export function useMayCall(name: InvokeName): boolean {
  return mayCall(
    useConnection((s) => selectPolicy(s).role),
    name,
  )
}

export function useAllowedEnvironments(): readonly EnvironmentId[] {
  return useConnection((s) => selectPolicy(s).allowedEnvironments)
}

/** Why a field cannot be changed, or null when it can: the policy fixes it, or the role may not change it. */
export function useLockReason(field: { baseUrl: EnvironmentId } | { throttle: ThrottleField }): string | null {
  const policy = usePolicy()
  if ('baseUrl' in field) {
    if (policy.lockedBaseUrls.some((id) => id === field.baseUrl)) return lockedReason
    return mayUseField(policy.role, 'updateSettings', 'baseUrl') ? null : roleReason(policy.role)
  }
  if (policy.lockedThrottle.includes(field.throttle)) return lockedReason
  return mayUseField(policy.role, 'updateSettings', 'throttle') && mayCall(policy.role, 'configureScheduler')
    ? null
    : roleReason(policy.role)
}
