import { z } from 'zod'
import { isAppError } from '../../shared/app-error'
import { secretFingerprint } from '../webhooks/fingerprint'
import type { EnvironmentId } from '../../shared/environments'
import { apiKeyAccount, type SecretStore } from './keychain'

// The key and the origin it was entered for live in ONE keychain item, so neither a
// settings.json edited by hand nor a base URL changed through IPC can pair the key with
// another host: the origin is checked against this item, never against settings.json.
const boundKeySchema = z.object({ origin: z.string().min(1), key: z.string().min(1) }).strict()

export type StoredApiKey =
  | { kind: 'bound'; origin: string; key: string }
  /** A plain string stored by a version before the binding (or an item that does not parse): never sent. */
  | { kind: 'unbound'; key: string }

/**
 * The origin a key is bound to: scheme, host and port, so a path change on the same service
 * keeps it. Null for text that is not a URL (settings.json may hold anything).
 */
export function keyOrigin(baseUrl: string): string | null {
  return URL.canParse(baseUrl) ? new URL(baseUrl).origin : null
}

/** An origin as a message shows it: one from a hand-edited settings.json may be any length. */
export function shownOrigin(origin: string): string {
  return origin.length > 120 ? `${origin.slice(0, 120)}…` : origin
}

export async function readApiKey(secrets: SecretStore, environment: EnvironmentId, account?: string): Promise<StoredApiKey | null> {
  const text = await secrets.get(apiKeyAccount(environment, account))
  if (text === null) return null
  const parsed = boundKeySchema.safeParse(parseJson(text))
  return parsed.success ? { kind: 'bound', ...parsed.data } : { kind: 'unbound', key: text }
}

export async function writeApiKey(
  secrets: SecretStore,
  environment: EnvironmentId,
  origin: string,
  key: string,
  account?: string,
): Promise<void> {
  await secrets.set(apiKeyAccount(environment, account), JSON.stringify({ origin, key }))
}

export async function deleteApiKey(secrets: SecretStore, environment: EnvironmentId, account?: string): Promise<boolean> {
  return secrets.delete(apiKeyAccount(environment, account))
}

/** Whether the stored key may be sent to `baseUrl`. */
export function isBoundTo(stored: StoredApiKey | null, baseUrl: string | null): boolean {
  return stored?.kind === 'bound' && baseUrl !== null && keyOrigin(baseUrl) === stored.origin
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** The fingerprint of the key stored now, for the audit log; null when there is none or the keychain cannot say. */
export async function storedKeyFingerprint(secrets: SecretStore, environment: EnvironmentId, account?: string): Promise<string | null> {
  try {
    const stored = await readApiKey(secrets, environment, account)
    return stored === null ? null : secretFingerprint(stored.key)
  } catch (error) {
    if (!isAppError(error)) throw error
    return null
  }
}
