import { AppError } from '../../shared/app-error'
import type { InvokeName, InvokeRequest } from '../../shared/contract/channels'
import { lockableThrottleFields } from '../../shared/contract/policy-schema'
import { mayCall, mayUseField } from '../../shared/policy/channel-roles'
import { checkBaseUrl, environmentLabels, type EnvironmentId } from '../../shared/environments'
import type { Policy } from './policy'

/** What the dispatcher asks of the policy: once before a request is parsed, once after. */
export interface PolicyGate {
  /** Whether the role may call this channel at all; the refusal when not. */
  channel(name: InvokeName): AppError | null
  /** Whether this request changes something the policy fixes; the refusal when it does. */
  request(name: InvokeName, request: unknown): AppError | null
}

const refuse = (message: string) => new AppError('not-allowed-by-policy', `${message} Nothing was changed.`)

export function createPolicyGate(policy: Policy, activeEnvironment: () => EnvironmentId): PolicyGate {
  const roleName = policy.role === 'support' ? 'the support role' : 'this role'

  function environmentRefusal(environment: EnvironmentId): AppError | null {
    return policy.allowed.includes(environment)
      ? null
      : refuse(`Your organisation's policy does not allow ${environmentLabels[environment]} on this computer.`)
  }

  function throttleRefusal(patch: Partial<Record<(typeof lockableThrottleFields)[number], number | undefined>>): AppError | null {
    const locked = lockableThrottleFields.filter((field) => {
      const fixed = policy.throttle[field]
      return fixed !== undefined && patch[field] !== undefined && patch[field] !== fixed
    })
    return locked.length === 0
      ? null
      : refuse(`The throttle's ${locked.join(' and ')} ${locked.length === 1 ? 'is' : 'are'} set by your organisation's policy.`)
  }

  /** A production write under a policy that asks for the name typed: the request must carry it. */
  function typedNameRefusal(request: { typedEnvironmentName?: string | undefined }): AppError | null {
    if (!policy.typeEnvironmentName || activeEnvironment() !== 'production') return null
    if (request.typedEnvironmentName?.trim() === environmentLabels.production) return null
    return new AppError(
      'environment-name-not-typed',
      `Your organisation's policy asks you to type ${environmentLabels.production} before each write to it. Nothing was sent.`,
    )
  }

  const requestRules: { [N in InvokeName]?: (request: InvokeRequest<N>) => AppError | null } = {
    updateSettings: (patch) =>
      (patch.activeEnvironment ? environmentRefusal(patch.activeEnvironment) : null) ??
      (patch.baseUrl
        ? (environmentRefusal(patch.baseUrl.environment) ?? baseUrlRefusal(patch.baseUrl.environment, patch.baseUrl.url))
        : null) ??
      (patch.throttle ? throttleRefusal(patch.throttle) : null),
    configureScheduler: (patch) => throttleRefusal(patch),
    setKey: ({ environment }) => environmentRefusal(environment),
    deleteKey: ({ environment }) => environmentRefusal(environment),
    testKey: ({ environment }) => environmentRefusal(environment),
    createCheckout: typedNameRefusal,
    registerWebhook: typedNameRefusal,
  }

  function baseUrlRefusal(environment: 'production' | 'operator', url: string): AppError | null {
    const fixed = policy.baseUrls[environment]
    if (fixed === undefined) return null
    const checked = checkBaseUrl(url)
    return checked.ok && checked.url === fixed
      ? null
      : refuse(`The base URL of ${environmentLabels[environment]} is set by your organisation's policy.`)
  }

  return {
    channel(name) {
      return mayCall(policy.role, name)
        ? null
        : refuse(`Your organisation's policy gives this computer ${roleName}, which cannot use this (${name}).`)
    },
    request(name, request) {
      if (typeof request === 'object' && request !== null) {
        const used = Object.entries(request)
          .filter(([field, value]) => value !== undefined && !mayUseField(policy.role, name, field))
          .map(([field]) => field)
        if (used.length > 0)
          return refuse(`Your organisation's policy gives this computer ${roleName}, which cannot change ${used.join(' or ')}.`)
      }
      const rule = requestRules[name] as ((request: unknown) => AppError | null) | undefined
      return rule ? rule(request) : null
    },
  }
}
