import { createHash } from 'node:crypto'
import { resolve } from 'node:path'
import { AppError } from '../../shared/app-error'
import { createSerialQueue } from '../storage/serial-queue'
import { keychainError, keychainLoadError, type KeychainOperation } from './keychain-errors'

export interface SecretStore {
  get(account: string): Promise<string | null>
  set(account: string, secret: string): Promise<void>
  delete(account: string): Promise<boolean>
}

/** The part of keytar this module uses. */
export interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

export interface KeytarStoreOptions {
  service?: string
  /** The module itself, or how to load it; loaded lazily from 'keytar' when absent. */
  keytar?: KeytarModule | (() => Promise<KeytarModule>)
  /** Whose keychain quirks and wording apply; process.platform unless a test says otherwise. */
  platform?: NodeJS.Platform
}

export const defaultKeychainService = 'payments-desk'

/** The Default account keeps the entry it had before an environment could hold several. */
export function apiKeyAccount(environmentId: string, accountId = 'default'): string {
  return account('api-key', accountId === 'default' ? environmentId : `${environmentId}/${accountId}`)
}

export function webhookSecretAccount(endpointId: string): string {
  return account('webhook-secret', endpointId)
}

/** When a webhook secret was revealed: kept beside the secret, where webhooks.json cannot undo it. */
export function webhookRevealedAccount(endpointId: string): string {
  return account('webhook-revealed', endpointId)
}

/**
 * The audit log's HMAC key and the number and MAC of its last entry, out of reach of the
 * data folder. One per data folder: two profiles of one user (a development build beside
 * the installed app) must not report each other's logs as cut.
 */
export function auditKeyAccount(dataDir: string): string {
  return account('audit-key', createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 32))
}

function account(kind: string, id: string): string {
  if (id.length === 0) throw new TypeError(`An empty id cannot name a ${kind} keychain entry.`)
  return `${kind}:${id}`
}

// Written on a miss and deleted at once; see confirmMiss.
const probeAccount = 'probe:writable'

export function createKeytarStore(options: KeytarStoreOptions = {}): SecretStore {
  const service = options.service ?? defaultKeychainService
  const platform = options.platform ?? process.platform
  const load = resolveLoader(options.keytar, platform)
  // libsecret is the backend everywhere except macOS and Windows.
  const usesSecretService = platform !== 'darwin' && platform !== 'win32'

  async function call<T>(operation: KeychainOperation, run: (keytar: KeytarModule) => Promise<T>, secret?: string): Promise<T> {
    const keytar = await load()
    try {
      return await run(keytar)
    } catch (error) {
      throw keychainError(error, operation, platform, secret)
    }
  }

  // On Linux a locked collection is not an error to libsecret: when the unlock
  // prompt is dismissed or cannot be shown, a lookup answers "not found" and a
  // delete answers "nothing deleted". Creating an item is the one call that
  // reports the lock, so a miss is confirmed by writing a throwaway item. If the
  // user unlocks in the prompt that write raises, the first answer was stale.
  // One probe at a time: concurrent misses (the Settings screen reads two keys at
  // once) would write and delete the same probe item together, and gnome-keyring
  // then fails one of them as if the keychain refused.
  const probes = createSerialQueue()
  function confirmMiss(operation: KeychainOperation): Promise<void> {
    return probes.run(() =>
      call(operation, async (keytar) => {
        await keytar.setPassword(service, probeAccount, 'probe')
        await keytar.deletePassword(service, probeAccount)
      }),
    )
  }

  return {
    async get(name) {
      requireAccount(name)
      const secret = await call('read', (keytar) => keytar.getPassword(service, name))
      if (secret !== null || !usesSecretService) return secret
      await confirmMiss('read')
      return call('read', (keytar) => keytar.getPassword(service, name))
    },

    async set(name, secret) {
      requireAccount(name)
      requireStorable(secret)
      await call('save', (keytar) => keytar.setPassword(service, name, secret), secret)
    },

    async delete(name) {
      requireAccount(name)
      const deleted = await call('delete', (keytar) => keytar.deletePassword(service, name))
      if (deleted || !usesSecretService) return deleted
      await confirmMiss('delete')
      return call('delete', (keytar) => keytar.deletePassword(service, name))
    },
  }
}

/** A keychain in memory, for tests of modules that only need a SecretStore. */
export function createMemoryStore(initial: Iterable<readonly [string, string]> = []): SecretStore {
  const entries = new Map<string, string>(initial)
  // Through a promise, so invalid input rejects as it does with the keychain.
  const later = <T>(run: () => T): Promise<T> => Promise.resolve().then(run)
  return {
    get: (name) =>
      later(() => {
        requireAccount(name)
        return entries.get(name) ?? null
      }),
    set: (name, secret) =>
      later(() => {
        requireAccount(name)
        requireStorable(secret)
        entries.set(name, secret)
      }),
    delete: (name) =>
      later(() => {
        requireAccount(name)
        return entries.delete(name)
      }),
  }
}

function requireAccount(name: string): void {
  if (name.length === 0) throw new TypeError('A keychain account name cannot be empty.')
}

function requireStorable(secret: string): void {
  if (secret.length === 0) {
    throw new AppError('keychain-error', 'The secret is empty. Paste the whole value and try again.')
  }
  // keytar hands the secret to the OS as a C string, which would silently cut it at a NUL.
  if (secret.includes('\0')) {
    throw new AppError('keychain-error', 'The secret contains a character the keychain cannot store. Copy it again and retry.')
  }
}

function resolveLoader(given: KeytarStoreOptions['keytar'], platform: NodeJS.Platform): () => Promise<KeytarModule> {
  if (given === undefined) return cachedLoader(importKeytar, platform)
  if (typeof given === 'function') return cachedLoader(given, platform)
  return () => Promise.resolve(given)
}

// A failed load is not cached: the next call tries again.
function cachedLoader(load: () => Promise<KeytarModule>, platform: NodeJS.Platform): () => Promise<KeytarModule> {
  let loaded: KeytarModule | undefined
  return async () => {
    if (loaded) return loaded
    try {
      loaded = await load()
      return loaded
    } catch (error) {
      throw keychainLoadError(error, platform)
    }
  }
}

async function importKeytar(): Promise<KeytarModule> {
  // keytar is CommonJS: Node's ESM wrapper exposes module.exports as default.
  const namespace: Record<string, unknown> = await import('keytar')
  const candidate = namespace.default ?? namespace
  if (!isKeytarModule(candidate)) throw new Error('The keytar module does not have the expected functions.')
  return candidate
}

function isKeytarModule(value: unknown): value is KeytarModule {
  return (
    typeof value === 'object' &&
    value !== null &&
    'getPassword' in value &&
    typeof value.getPassword === 'function' &&
    'setPassword' in value &&
    typeof value.setPassword === 'function' &&
    'deletePassword' in value &&
    typeof value.deletePassword === 'function'
  )
}
