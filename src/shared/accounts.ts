import { environmentIds, type EnvironmentId } from './environments'
import { checkAccountRef } from './links/payment-link'

// A merchant account: one key of the service, kept in the keychain under the account's ID.
// An environment may hold several (a shop per country, say); its first, "Default", is the key
// it held before it could hold more, so a key stored then keeps working.

export const defaultAccount = { id: 'default', name: 'Default' } as const
export const maxAccountsPerEnvironment = 20
export const maxAccountIdLength = 40

/** One of an environment's accounts (its schema: src/shared/contract/account-schema.ts). */
export interface Account {
  id: string
  name: string
}

/** Where a request goes: an environment and one of its accounts. */
export interface AccountRef {
  environment: EnvironmentId
  account: string
}

/** A short stable name for an environment's account, for maps and logs: "production/shop-fr". */
export function accountKey(ref: AccountRef): string {
  return `${ref.environment}/${ref.account}`
}

/** The environment an accountKey names, or null for a string accountKey did not make. */
export function environmentOfKey(key: string): EnvironmentId | null {
  return environmentIds.find((id) => key.startsWith(`${id}/`)) ?? null
}

/** By name (case-insensitive) or ID. */
export function findAccount(list: readonly Account[], nameOrId: string): Account | null {
  const ref = nameOrId.toLowerCase()
  return list.find((account) => account.id === nameOrId || account.name.toLowerCase() === ref) ?? null
}

export type AccountNameCheck = { ok: true; name: string } | { ok: false; message: string }

/** A new account's name: one a link can name, unlike every other name in the environment. */
export function checkAccountName(raw: string, existing: readonly Account[]): AccountNameCheck {
  const name = raw.trim()
  if (name === '') return { ok: false, message: 'Enter a name for the account, such as "Shop FR".' }
  const problem = checkAccountRef(name)
  if (problem) return { ok: false, message: `This name cannot be used in a link to a payment: ${problem.replace(/^Its /, 'the ')}` }
  if (findAccount(existing, name)) return { ok: false, message: `There is already an account named "${name}" here.` }
  if (existing.length >= maxAccountsPerEnvironment) {
    return { ok: false, message: `An environment holds at most ${maxAccountsPerEnvironment} accounts.` }
  }
  return { ok: true, name }
}

/** A new account's ID: its name in lower-case ASCII, unique in the environment. */
export function newAccountId(name: string, existing: readonly Account[]): string {
  const slug =
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, maxAccountIdLength - 4)
      .replace(/-+$/, '') || 'account'
  const taken = new Set(existing.map((account) => account.id))
  if (!taken.has(slug)) return slug
  for (let n = 2; ; n++) if (!taken.has(`${slug}-${n}`)) return `${slug}-${n}`
}
