import { z } from 'zod'
import { maxAccountIdLength } from '../accounts'
import { environmentIds } from '../environments'
import { accountSchema } from './account-schema'
import { policyViewSchema } from './policy-schema'
import { schedulerConfigSchema } from './scheduler-schema'
import { settingsSchema, themeSchema } from './settings-schema'

// The Settings screen's view and its patch: what getSettings and the settings-changing channels answer.

const environmentSchema = z.enum(environmentIds)
const accountId = z.string().max(maxAccountIdLength)
const remoteEnvironmentSchema = z.enum(['production', 'operator'])

export const environmentViewSchema = z.object({
  id: environmentSchema,
  label: z.string(),
  baseUrl: z.string().nullable(),
  /** The account in use has a key that may be sent to the base URL. */
  hasKey: z.boolean(),
  /** Local sandbox: the app runs the service and holds its keys. */
  managed: z.boolean(),
  /** Its merchant accounts, Default first; the one in use is `active`. */
  accounts: z.array(accountSchema.extend({ hasKey: z.boolean() })),
  activeAccount: accountId,
})

export const settingsViewSchema = z.object({
  settings: settingsSchema,
  environments: z.array(environmentViewSchema),
  /** Something the user must be told, e.g. a corrupt settings file was set aside. */
  notice: z.string().nullable(),
  /** The managed policy in force: the role, and what it locks. */
  policy: policyViewSchema,
})

export const settingsPatchSchema = z
  .object({
    activeEnvironment: environmentSchema,
    /** Switches the account in use in that environment. */
    activeAccount: z.object({ environment: environmentSchema, account: accountId }).strict(),
    baseUrl: z.object({ environment: remoteEnvironmentSchema, url: z.string().max(2_048) }),
    theme: themeSchema,
    throttle: schedulerConfigSchema.partial(),
  })
  .partial()
  .strict()

/** An accepted key; a refused one is the error 'key-rejected'. */
export const keyTestResultSchema = z.object({
  message: z.string(),
})
