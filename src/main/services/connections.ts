import { AppError } from '../../shared/app-error'
import { checkBaseUrl, environmentLabels, type EnvironmentId } from '../../shared/environments'
import type { Connection } from '../api/api-client'
import { isBoundTo, keyOrigin, readApiKey, shownOrigin, type StoredApiKey } from '../secrets/api-key-item'
import type { SecretStore } from '../secrets/keychain'
import type { SettingsStore } from '../settings/settings-store'
import { secretFingerprint } from '../webhooks/fingerprint'

export interface LocalService {
  baseUrl: string
  apiKey: string
}

/** A key that was not sent because it is bound to another origin (or to none): for the audit log. */
export interface KeyRefusal {
  environment: Exclude<EnvironmentId, 'local'>
  /** The origin the key was entered for; null for a key stored by a version before the binding. */
  keyOrigin: string | null
  /** Where the request would have gone. */
  target: string
  fingerprint: string
}

export interface Connections {
  /** Reads the key from the keychain on every call: it is held only while a request is built. */
  forEnvironment(environment: EnvironmentId): Promise<Connection>
  active(): Promise<Connection>
  baseUrl(environment: EnvironmentId): string | null
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

  async function refuse(environment: KeyRefusal['environment'], stored: StoredApiKey, url: string): Promise<never> {
    const refusal: KeyRefusal = {
      environment,
      keyOrigin: stored.kind === 'bound' ? stored.origin : null,
      target: keyOrigin(url) ?? '(not a URL)',
      fingerprint: secretFingerprint(stored.key),
    }
    const seen = `${environment} ${refusal.fingerprint} ${refusal.keyOrigin ?? ''} ${refusal.target}`
    if (!reported.has(seen)) {
      reported.add(seen)
      await deps.onKeyRefused?.(refusal)
    }
    throw new AppError('key-origin-mismatch', keyNotSentMessage(environment, stored, url))
  }

  async function forEnvironment(environment: EnvironmentId): Promise<Connection> {
    const label = environmentLabels[environment]
    if (environment === 'local') {
      const local = deps.localService() ?? (await deps.startLocal?.()) ?? null
      if (!local) throw new AppError('sandbox-not-running', 'The local sandbox is not running. Restart Payments Desk to start it again.')
      return { environment, baseUrl: local.baseUrl, apiKey: local.apiKey }
    }
    const url = baseUrl(environment)
    if (!url) throw new AppError('invalid-url', `No base URL is set for ${label}. Enter it in Settings.`)
    // settings.json is not trusted: a hand-edited URL gets the same check as one typed in Settings.
    const checked = checkBaseUrl(url)
    if (!checked.ok)
      throw new AppError('invalid-url', `The base URL of ${label} cannot be used: ${checked.message} Correct it in Settings.`)
    const stored = await readApiKey(deps.secrets, environment)
    if (!stored) throw new AppError('no-key', `No private key is stored for ${label}. Add it in Settings.`)
    if (!isBoundTo(stored, url)) return refuse(environment, stored, url)
    return { environment, baseUrl: url, apiKey: stored.key }
  }

  return {
    forEnvironment,
    active: () => forEnvironment(deps.settings.get().activeEnvironment),
    baseUrl,
  }
}

/** Why a stored key is not sent to `url`, and what the user can do: never the key itself. */
export function keyNotSentMessage(environment: EnvironmentId, stored: StoredApiKey, url: string | null): string {
  const label = environmentLabels[environment]
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
