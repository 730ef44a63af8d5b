import { startSandbox, type RunningSandbox } from '../../sandbox'
import { AppError } from '../../shared/app-error'
import type { LocalService } from './connections'

/** The local environment's service: one given from outside, or the sandbox run in this process. */
export interface LocalSandbox {
  /** Its address and key while it runs; null before its first use and once closed. */
  current: () => LocalService | null
  /**
   * Starts it in this process on first use ('start'); otherwise answers the one given.
   * A sandbox that cannot start is the error 'sandbox-not-running'.
   */
  start: () => Promise<LocalService | null>
  /** Stops a sandbox this process started; later calls for it are 'sandbox-not-running'. */
  close(): Promise<void>
}

export function createLocalSandbox(options: {
  /** 'start' runs the sandbox in this process; tests may pass one already running. */
  given: LocalService | 'start' | null
  /** Hosts besides this computer the started sandbox may deliver webhooks to. */
  deliveryHosts: readonly string[]
}): LocalSandbox {
  let sandbox: RunningSandbox | null = null
  let current: LocalService | null = options.given === 'start' ? null : options.given
  let starting: Promise<LocalService> | null = null
  let closed = false

  return {
    current: () => current,

    start: () => {
      if (options.given !== 'start' || closed) return Promise.resolve(current)
      starting ??= startSandbox({ allowedDeliveryHosts: options.deliveryHosts }).then(
        (running) => {
          sandbox = running
          current = {
            baseUrl: running.baseUrl,
            apiKey: running.apiKey,
            accounts: running.merchants.map(({ id, name, apiKey }) => ({ id, name, apiKey })),
          }
          return current
        },
        (error: unknown) => {
          // The next use tries again.
          starting = null
          throw new AppError(
            'sandbox-not-running',
            'The local sandbox could not start on this computer. Restart Payments Desk to try again.',
            { cause: error },
          )
        },
      )
      return starting
    },

    async close() {
      closed = true
      await starting?.catch(() => undefined)
      await sandbox?.close()
      // A late call for the stopped sandbox is 'sandbox-not-running', not a refused connection to its old port.
      if (sandbox) current = null
    },
  }
}
