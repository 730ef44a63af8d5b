import { z } from 'zod'
import { checkBaseUrl, environmentIds } from '../environments'
import { ceilingSchema } from './scheduler-schema'

export const roles = ['support', 'admin'] as const
export type Role = (typeof roles)[number]

export const lockableThrottleFields = ['ceiling', 'concurrency', 'headroom'] as const
export type ThrottleField = (typeof lockableThrottleFields)[number]

const remoteEnvironmentIds = ['production', 'operator'] as const
export type RemoteEnvironmentId = (typeof remoteEnvironmentIds)[number]

const lockedBaseUrl = z
  .string()
  .max(2_048)
  .superRefine((url, context) => {
    const checked = checkBaseUrl(url)
    if (!checked.ok) context.addIssue({ code: 'custom', message: checked.message })
  })

const remoteEnvironmentPolicy = z.object({ baseUrl: lockedBaseUrl.optional() }).strict()

/**
 * The file IT deploys (policy.json). Strict all the way down: a key this version does not
 * know (a typo such as "rol") makes the whole file invalid, so a mistake can only ever
 * narrow what the app allows, never silently widen it.
 */
export const policyFileSchema = z
  .object({
    version: z.literal(1),
    role: z.enum(roles),
    /** The environments the app may use; absent: all three. A remote one's base URL, when given, is locked. */
    environments: z
      .object({ local: z.object({}).strict(), production: remoteEnvironmentPolicy, operator: remoteEnvironmentPolicy })
      .partial()
      .strict()
      .refine((environments) => Object.keys(environments).length > 0, 'List at least one environment, or leave "environments" out.')
      .optional(),
    /** Scheduler limits fixed by the policy; the ones left out stay the user's (an admin's) to set. */
    throttle: z
      .object({
        ceiling: ceilingSchema,
        concurrency: z.number().int().min(1).max(64),
        headroom: z.number().min(0).max(0.5),
      })
      .partial()
      .strict()
      .optional(),
    /** 'type-environment-name': before a write to Production the user types its name, besides main's dialog. */
    productionWrites: z.enum(['confirm', 'type-environment-name']).optional(),
  })
  .strict()

export type PolicyFile = z.infer<typeof policyFileSchema>

/** What the Settings view tells the window about the policy in force: enough to hide, disable and explain. */
export const policyViewSchema = z.object({
  /** 'none': no policy file; 'file': the file's policy; 'restricted': the file could not be used, so the narrowest mode. */
  source: z.enum(['none', 'file', 'restricted']),
  role: z.enum(roles),
  allowedEnvironments: z.array(z.enum(environmentIds)),
  /** Remote environments whose base URL the policy sets. */
  lockedBaseUrls: z.array(z.enum(remoteEnvironmentIds)),
  lockedThrottle: z.array(z.enum(lockableThrottleFields)),
  /** Whether a write to Production needs its name typed. */
  typeEnvironmentName: z.boolean(),
  /** A short SHA-256 of the file in force, as the audit log names it; null without a file. */
  fingerprint: z.string().nullable(),
})

export type PolicyView = z.infer<typeof policyViewSchema>
