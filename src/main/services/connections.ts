import { defaultAccount, type Account, type AccountRef } from '../../shared/accounts'
import { AppError } from '../../shared/app-error'
import { checkBaseUrl, environmentLabels, type EnvironmentId } from '../../shared/environments'
import type { Connection } from '../api/api-client'
import { isBoundTo, keyOrigin, readApiKey, shownOrigin, type StoredApiKey } from '../secrets/api-key-item'
import type { SecretStore } from '../secrets/keychain'
import type { SettingsStore } from '../settings/settings-store'
import { secretFingerprint } from '../webhooks/fingerprint'

export interface LocalService {
  baseUrl: string
  /** The Default account's key. */
  apiKey: string
  /** Every account the local service serves, Default first; Default alone when absent. */
  accounts?: readonly (Account & { apiKey: string })[]
}

/** A key that was not sent because it is bound to another origin (or to none): for the audit log. */
export interface KeyRefusal {
  environment: Exclude<EnvironmentId, 'local'>
  account: Account
  /** The origin the key was entered for; null for a key stored by a version before the binding. */
  keyOrigin: string | null
  /** Where the request would have gone. */
  target: string
  fingerprint: string
}

export interface Connections {
  /** Reads the key from the keychain on every call: it is held only while a request is built. */
  forEnvironment(environment: EnvironmentId, account?: string): Promise<Connection>
  active(): Promise<Connection>
  baseUrl(environment: EnvironmentId): string | null
  /** The environment's accounts: the local service's own, or the ones set up in Settings. */
  accounts(environment: EnvironmentId): Account[]
  /** Where a request goes: the environment and account it names, else the ones in use. */
  resolve(environment?: EnvironmentId, account?: string): AccountRef
  /** The environment's account `id`, or the one in use there; `account-not-found` when it has none such. */
  account: (environment: EnvironmentId, id?: string) => Account
  /** The account in use in `environment`, by name, for the audit log; Default if the settings name none it has. */
  accountInUse: (environment: EnvironmentId) => Account
  /** The active environment and the account in use there: where a write goes. */
  target: () => { environment: EnvironmentId; account: Account }
}

export function createConnections(deps: {
  settings: SettingsStore
  secrets: SecretStore
  /** The local sandbox if it is running now. */
  localService: () => LocalService | null
  /** Starts it when the local environment is first used; absent when something else runs it. */
  startLocal?: () => Promise<LocalService | null>
  /** Told once per key and target while the app runs, so a batch's many refusals make one audit entry. */
  onKeyRefused?: (refusal: KeyRefusal) => Promise<void>
}): Connections {
  const reported = new Set<string>()

  function baseUrl(environment: EnvironmentId): string | null {
    if (environment === 'local') return deps.localService()?.baseUrl ?? null
    return deps.settings.get().environments[environment].baseUrl
  }

  function accounts(environment: EnvironmentId): Account[] {
    if (environment === 'local') {
      const served = deps.localService()?.accounts
      return served ? served.map(({ id, name }) => ({ id, name })) : [{ ...defaultAccount }]
    }
    return deps.settings.get().accounts[environment].list
  }

  const accountInUse = (environment: EnvironmentId): Account =>
    accounts(environment).find((account) => account.id === resolve(environment).account) ?? { ...defaultAccount }

  function resolve(environment?: EnvironmentId, account?: string): AccountRef {
    const settings = deps.settings.get()
    const env = environment ?? settings.activeEnvironment
    if (account !== undefined) return { environment: env, account }
    // A settings file edited by hand, or a local account the sandbox no longer serves: Default, never a guess.
    const active = settings.accounts[env].active
    return { environment: env, account: accounts(env).some((a) => a.id === active) ? active : defaultAccount.id }
  }

  function accountNamed(environment: EnvironmentId, id: string): Account {
    const found = accounts(environment).find((account) => account.id === id)
    if (!found) throw new AppError('account-not-found', `${environmentLabels[environment]} has no account "${id}". Choose one in Settings.`)
    return found
  }

  async function refuse(environment: KeyRefusal['environment'], account: Account, stored: StoredApiKey, url: string): Promise<never> {
    const refusal: KeyRefusal = {
      environment,
      account,
      keyOrigin: stored.kind === 'bound' ? stored.origin : null,
      target: keyOrigin(url) ?? '(not a URL)',
      fingerprint: secretFingerprint(stored.key),
    }
    const seen = `${environment} ${account.id} ${refusal.fingerprint} ${refusal.keyOrigin ?? ''} ${refusal.target}`
    if (!reported.has(seen)) {
      reported.add(seen)
      await deps.onKeyRefused?.(refusal)
    }
    throw new AppError('key-origin-mismatch', keyNotSentMessage(environment, stored, url, account))
  }

  async function forEnvironment(environment: EnvironmentId, accountId?: string): Promise<Connection> {
    const ref = resolve(environment, accountId)
    if (environment === 'local') {
      const local = deps.localService() ?? (await deps.startLocal?.()) ?? null
      if (!local) throw new AppError('sandbox-not-running', 'The local sandbox is not running. Restart Payments Desk to start it again.')
      const served = local.accounts?.find((account) => account.id === ref.account)
      const account = served ? { id: served.id, name: served.name } : accountNamed(environment, ref.account)
      return { environment, account, baseUrl: local.baseUrl, apiKey: served?.apiKey ?? local.apiKey }
    }
    const account = accountNamed(environment, ref.account)
    const label = accountLabel(environment, account)
    const url = baseUrl(environment)
    if (!url) throw new AppError('invalid-url', `No base URL is set for ${label}. Enter it in Settings.`)
    // settings.json is not trusted: a hand-edited URL gets the same check as one typed in Settings.
    const checked = checkBaseUrl(url)
    if (!checked.ok)
      throw new AppError('invalid-url', `The base URL of ${label} cannot be used: ${checked.message} Correct it in Settings.`)
    const stored = await readApiKey(deps.secrets, environment, account.id)
    if (!stored) throw new AppError('no-key', `No private key is stored for ${label}. Add it in Settings.`)
    if (!isBoundTo(stored, url)) return refuse(environment, account, stored, url)
    return { environment, account, baseUrl: url, apiKey: stored.key }
  }

  return {
    forEnvironment,
    active: () => forEnvironment(deps.settings.get().activeEnvironment),
    baseUrl,
    accounts,
    resolve,
    account: (environment, id) => accountNamed(environment, resolve(environment, id).account),
    accountInUse,
    target: () => {
      const environment = deps.settings.get().activeEnvironment
      return { environment, account: accountInUse(environment) }
    },
  }
}

/** "Production", or "Production (Shop FR)" for an account other than Default. */
export function accountLabel(environment: EnvironmentId, account: Account): string {
  return account.id === defaultAccount.id ? environmentLabels[environment] : `${environmentLabels[environment]} (${account.name})`
}

/** Why a stored key is not sent to `url`, and what the user can do: never the key itself. */
export function keyNotSentMessage(
  environment: EnvironmentId,
  stored: StoredApiKey,
  url: string | null,
  account: Account = defaultAccount,
): string {
  const label = accountLabel(environment, account)
  if (stored.kind === 'unbound') {
    return `The ${label} key was stored by an earlier version of Payments Desk, which did not record the address it belongs to, so it is not sent anywhere. Enter the key again in Settings.`
  }
  const bound = shownOrigin(stored.origin)
  if (url === null) {
    return `The ${label} key was entered for ${bound}, and no base URL is set now, so it is not sent. Set the base URL back to ${bound}, or enter the key again for the new address.`
  }
  const target = shownOrigin(keyOrigin(url) ?? url)
  return `The ${label} key was entered for ${bound}, but the base URL now points to ${target}, so the key was not sent. If ${target} is right, enter the key again in Settings; otherwise set the base URL back to ${bound}.`
}
