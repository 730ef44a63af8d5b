import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { isAppError, type ErrorCode } from '../../shared/app-error'
import type { SecretStore } from '../secrets/keychain'
import { chainStart, type ChainEnd } from './audit-chain'

/**
 * What the keychain holds for the audit log: the HMAC key of its chain and the last entry
 * written (number and MAC). Someone who can write the data folder but not read the
 * keychain can neither seal an entry nor make the log look shorter than it was.
 */
export type ChainAnchor =
  | { kind: 'keyed'; key: Buffer; end: ChainEnd }
  /** No key: the log was never keyed on this keychain, or the item was deleted. */
  | { kind: 'none' }
  /** An item that is not one the app writes: as good as no key. */
  | { kind: 'damaged' }
  | { kind: 'unavailable'; code: ErrorCode; reason: string }

export type KeyedAnchor = Extract<ChainAnchor, { kind: 'keyed' }>

const keyBytes = 32

const recordSchema = z
  .object({
    v: z.literal(1),
    key: z.string().regex(/^[A-Za-z0-9+/]{43}=$/),
    seq: z.number().int().min(0),
    mac: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .strict()

function serialize(key: Buffer, end: ChainEnd): string {
  return JSON.stringify({ v: 1, key: key.toString('base64'), seq: end.seq, mac: end.hash })
}

/** Never throws for a keychain that cannot answer: that is an anchor the log reports on. */
export async function readAnchor(secrets: SecretStore, account: string): Promise<ChainAnchor> {
  let text: string | null
  try {
    text = await secrets.get(account)
  } catch (error) {
    if (!isAppError(error)) throw error
    return { kind: 'unavailable', code: error.code, reason: error.message }
  }
  if (text === null) return { kind: 'none' }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { kind: 'damaged' }
  }
  const parsed = recordSchema.safeParse(json)
  if (!parsed.success) return { kind: 'damaged' }
  return { kind: 'keyed', key: Buffer.from(parsed.data.key, 'base64'), end: { seq: parsed.data.seq, hash: parsed.data.mac } }
}

/** A new random key, stored before any entry is sealed with it. Throws an AppError when the keychain refuses. */
export async function createAnchor(secrets: SecretStore, account: string): Promise<KeyedAnchor> {
  const anchor: KeyedAnchor = { kind: 'keyed', key: randomBytes(keyBytes), end: chainStart }
  await saveAnchor(secrets, account, anchor.key, anchor.end)
  return anchor
}

/** Records the entry just written as the log's end. Throws an AppError when the keychain refuses. */
export function saveAnchor(secrets: SecretStore, account: string, key: Buffer, end: ChainEnd): Promise<void> {
  return secrets.set(account, serialize(key, end))
}
