import { webhookSecretAccount, type SecretStore } from '../secrets/keychain'
import type { EndpointStore } from './endpoint-store'

/**
 * The webhook secrets this app holds, so the API client can remove them from the service's
 * answers. Read from the keychain once, at the first answer, and kept in the main process;
 * a newly registered secret is added as it arrives.
 */
export interface KnownSecrets {
  all(): Promise<readonly string[]>
  add(secret: string): void
}

export function createKnownSecrets(deps: { secrets: SecretStore; endpoints: Pick<EndpointStore, 'list'> }): KnownSecrets {
  let loaded: Promise<Set<string>> | null = null
  const load = async () => {
    const found = new Set<string>()
    for (const endpoint of deps.endpoints.list()) {
      // A locked keychain: that secret is not known, and the rest still are.
      const secret = await deps.secrets.get(webhookSecretAccount(endpoint.id)).catch(() => null)
      if (secret) found.add(secret)
    }
    return found
  }
  return {
    all: async () => [...(await (loaded ??= load()))],
    add(secret) {
      void (loaded ??= load()).then((found) => found.add(secret))
    },
  }
}
