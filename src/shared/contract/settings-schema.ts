import { z } from 'zod'
import { defaultEnvironmentAccounts, environmentAccountsSchema } from './account-schema'
import { environmentIds } from '../environments'
import { recentInAll, type RecentLookup } from '../recent-lookups'
import { ceilingSchema } from './scheduler-schema'

export const themeSchema = z.enum(['light', 'dark', 'system'])

export const throttleSchema = z.object({
  /** The most requests per second the scheduler may send, whatever it learns. */
  ceiling: ceilingSchema,
  concurrency: z.number().int().min(1).max(64),
  /** Fraction of the service's limit batch work leaves to colleagues on the same key; absent in files from before it existed. */
  headroom: z.number().min(0).max(0.5).default(0.1),
})

const recentLookupSchema = z
  .object({ id: z.string().max(256), environment: z.enum(environmentIds), account: z.string().max(40) })
  .strict() satisfies z.ZodType<RecentLookup>

/**
 * Files from before recent lookups kept their environment hold bare IDs: where those were
 * looked up is unknown, and showing them anywhere could offer a sandbox ID under Production,
 * so they are left out (the rest of the file still loads).
 */
const recentLookupsSchema = z.preprocess(
  (value) => (Array.isArray(value) ? value.filter((entry) => typeof entry !== 'string') : value),
  z.array(recentLookupSchema).max(recentInAll),
)

const remoteEnvironmentSchema = z.object({ baseUrl: z.string().max(2_048).nullable() })

export const settingsSchema = z.object({
  version: z.literal(1),
  activeEnvironment: z.enum(environmentIds),
  environments: z.object({ production: remoteEnvironmentSchema, operator: remoteEnvironmentSchema }),
  /** Absent in files from before an environment could hold several accounts: each then has its Default. */
  accounts: z
    .object({ local: environmentAccountsSchema, production: environmentAccountsSchema, operator: environmentAccountsSchema })
    .strict()
    .default({ local: defaultEnvironmentAccounts, production: defaultEnvironmentAccounts, operator: defaultEnvironmentAccounts }),
  throttle: throttleSchema,
  /** Newest first, each with where it was looked up (src/shared/recent-lookups.ts). */
  recentLookups: recentLookupsSchema,
  theme: themeSchema,
})

export type Settings = z.infer<typeof settingsSchema>
export type Theme = z.infer<typeof themeSchema>

export const defaultSettings: Settings = {
  version: 1,
  activeEnvironment: 'local',
  environments: { production: { baseUrl: null }, operator: { baseUrl: null } },
  accounts: { local: defaultEnvironmentAccounts, production: defaultEnvironmentAccounts, operator: defaultEnvironmentAccounts },
  throttle: { ceiling: 100, concurrency: 16, headroom: 0.1 },
  recentLookups: [],
  theme: 'system',
}
