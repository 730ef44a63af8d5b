import { z } from 'zod'
import { defaultAccount, maxAccountIdLength, maxAccountsPerEnvironment, type Account } from '../accounts'
import { maxAccountRefLength } from '../links/payment-link'

// Apart from src/shared/accounts.ts, which the first screen imports: schemas are built when their
// module loads, and these would bring zod into the renderer's first chunk.

export const accountSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/),
    name: z.string().min(1).max(maxAccountRefLength),
  })
  .strict() satisfies z.ZodType<Account>

/**
 * The accounts of one environment and the one in use. The local sandbox's list is its own
 * (the settings keep only which is in use), so `active` is checked where the list is known.
 */
export const environmentAccountsSchema = z
  .object({
    list: z.array(accountSchema).min(1).max(maxAccountsPerEnvironment),
    active: z.string().max(maxAccountIdLength),
  })
  .strict()
  .refine((accounts) => new Set(accounts.list.map((a) => a.id)).size === accounts.list.length, 'two accounts share an ID')

export type EnvironmentAccounts = z.infer<typeof environmentAccountsSchema>

export const defaultEnvironmentAccounts: EnvironmentAccounts = { list: [{ ...defaultAccount }], active: defaultAccount.id }
