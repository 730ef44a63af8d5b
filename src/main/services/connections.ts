import { AppError } from '../../shared/app-error'
import { environmentLabels, type EnvironmentId } from '../../shared/environments'
import type { Connection } from '../api/api-client'
import { apiKeyAccount, type SecretStore } from '../secrets/keychain'
import type { SettingsStore } from '../settings/settings-store'

export interface LocalService {
  baseUrl: string
  apiKey: string
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
}): Connections {
  function baseUrl(environment: EnvironmentId): string | null {
    if (environment === 'local') return deps.localService()?.baseUrl ?? null
    return deps.settings.get().environments[environment].baseUrl
  }

  async function forEnvironment(environment: EnvironmentId): Promise<Connection> {
    const label = environmentLabels[environment]
    if (environment === 'local') {
      const local = deps.localService() ?? (await deps.startLocal?.()) ?? null
      if (!local) throw new AppError('network', 'The local sandbox is not running. Restart Payments Desk to start it again.')
      return { environment, baseUrl: local.baseUrl, apiKey: local.apiKey }
    }
    const url = baseUrl(environment)
    if (!url) throw new AppError('invalid-url', `No base URL is set for ${label}. Enter it in Settings.`)
    const apiKey = await deps.secrets.get(apiKeyAccount(environment))
    if (!apiKey) throw new AppError('no-key', `No private key is stored for ${label}. Add it in Settings.`)
    return { environment, baseUrl: url, apiKey }
  }

  return {
    forEnvironment,
    active: () => forEnvironment(deps.settings.get().activeEnvironment),
    baseUrl,
  }
}
