import { AppError, isAppError } from '../../shared/app-error'
import type { LocalEndpoint } from '../../shared/contract/webhook-schema'
import { webhookRevealedAccount, type SecretStore } from '../secrets/keychain'
import { createSerialQueue } from '../storage/serial-queue'
import type { EndpointStore } from './endpoint-store'

export interface RevealGate {
  /**
   * Reads the endpoint's secret for its one reveal: `durable` when it comes from the keychain,
   * not from this process's memory. Throws 'secret-already-revealed' for any later reveal.
   */
  reveal(
    endpointId: string,
    read: () => Promise<string>,
    options: { durable: boolean },
  ): Promise<{ endpoint: LocalEndpoint; secret: string }>
}

/**
 * Exactly one reveal per endpoint, ever. The mark that it happened is written to the
 * keychain, beside the secret, before the secret is handed out: webhooks.json (which
 * anyone who can write the data folder can edit) only mirrors it for the screen, and a
 * restart between the mark and the answer costs that one reveal rather than allowing
 * a second. The secret itself stays: the signature checker needs it.
 */
export function createRevealGate(deps: { secrets: SecretStore; endpoints: EndpointStore; now: () => number }): RevealGate {
  // A secret held in memory only (the keychain refused it) is marked in memory: it does not outlive the process either.
  const revealedInMemory = new Map<string, number>()
  // One reveal at a time, so no two can both find the endpoint unrevealed. Reveals are rare.
  const queue = createSerialQueue()

  async function markOf(endpointId: string, durable: boolean): Promise<number | null> {
    if (!durable) return revealedInMemory.get(endpointId) ?? null
    const mark = await deps.secrets.get(webhookRevealedAccount(endpointId))
    if (mark === null) return null
    // Any value is a mark; a damaged one still counts, with no time to show.
    const at = Number(mark)
    return Number.isFinite(at) ? at : 0
  }

  /** Keeps webhooks.json in step for the screen; a disk that cannot take it changes nothing here. */
  async function mirror(endpoint: LocalEndpoint, revealedAt: number): Promise<void> {
    await deps.endpoints.put({ ...endpoint, revealedAt }).catch((error: unknown) => {
      if (!isAppError(error)) throw error
    })
  }

  async function reveal(
    endpointId: string,
    read: () => Promise<string>,
    durable: boolean,
  ): Promise<{ endpoint: LocalEndpoint; secret: string }> {
    const endpoint = deps.endpoints.find(endpointId)
    if (!endpoint) throw new AppError('endpoint-not-found', 'No endpoint with this ID was registered from this app.')
    const earlier = endpoint.revealedAt ?? (await markOf(endpointId, durable))
    if (earlier !== null) {
      if (endpoint.revealedAt === null) await mirror(endpoint, earlier)
      const when = earlier > 0 ? ` (${new Date(earlier).toISOString()})` : ''
      throw new AppError(
        'secret-already-revealed',
        `The secret of this endpoint was already revealed${when} and is shown only once. The signature checker can still use it from the keychain; for a secret you can see again, register the endpoint anew.`,
      )
    }
    const secret = await read()
    const at = deps.now()
    // The mark first: a keychain that refuses it keeps the secret unshown.
    if (durable) await deps.secrets.set(webhookRevealedAccount(endpointId), String(at))
    else revealedInMemory.set(endpointId, at)
    await mirror(endpoint, at)
    return { endpoint: { ...endpoint, revealedAt: at }, secret }
  }

  return {
    reveal(endpointId, read, { durable }) {
      return queue.run(() => reveal(endpointId, read, durable))
    },
  }
}
