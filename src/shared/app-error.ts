// Errors the user can act on travel as values: a stable code for the UI to branch
// on and a message written for the person reading it. Never a secret, never a stack.
export const errorCodes = [
  'validation',
  'invalid-id',
  'invalid-url',
  'invalid-key',
  'no-key',
  /** The stored key was entered for another origin (or for none): it is not sent. */
  'key-origin-mismatch',
  /** The environment has no account with this ID (removed, or never set up). */
  'account-not-found',
  /** A new account's name: empty, taken, unfit for a link, or one too many. */
  'invalid-account-name',
  /** Default holds the key the environment had before it held several: it stays. */
  'default-account-kept',
  'not-found',
  'unauthorized',
  'bad-request',
  'rate-limited',
  /** Held behind a wait the service asked for (Retry-After, a spent quota): not sent, and may be sent anyway. */
  'service-asked-to-wait',
  'server-error',
  'outcome-unknown',
  'timeout',
  'network',
  'invalid-response',
  'response-too-large',
  'redirect-refused',
  'cancelled',
  'keychain-unavailable',
  'keychain-locked',
  'keychain-error',
  'storage',
  'forbidden',
  'confirmation-required',
  /** The user chose Cancel in main's dialog before a write to Production: nothing was sent. */
  'confirmation-declined',
  /** A webhook secret is shown once: this one was, and is not shown again. */
  'secret-already-revealed',
  /** The endpoint was not registered from this app (or its list was lost). */
  'endpoint-not-found',
  /** The endpoint is listed but its signing secret is no longer in the keychain. */
  'secret-not-in-keychain',
  /** The local sandbox could not start or has stopped: nothing was sent. */
  'sandbox-not-running',
  /** Test events and deliveries exist on the local sandbox only. */
  'sandbox-only',
  /** The service answered 401 to the connection test: the stored key is not accepted there. */
  'key-rejected',
  'batch-not-found',
  /** Only one batch runs at a time. */
  'batch-already-running',
  /** A completed or cancelled batch is not resumed. */
  'batch-already-finished',
  /** A batch resumes only in the environment it was started in. */
  'batch-environment-mismatch',
  /** Only a completed or cancelled batch is re-run in part. */
  'batch-not-finished',
  'no-ids',
  'too-many-ids',
  'id-file-too-large',
  /** No logs folder in this build, or the file manager could not show it. */
  'logs-folder-unavailable',
  /** A payments-desk:// link not in the one shape the app writes: nothing was looked up. */
  'link-invalid',
  /** A link names an account this environment does not have: nothing was looked up. */
  'link-account-unknown',
  /** The managed policy (or its role) does not allow this channel, environment or setting: nothing was changed. */
  'not-allowed-by-policy',
  /** The policy asks for the environment's name typed before a write to Production: nothing was sent. */
  'environment-name-not-typed',
  'internal',
] as const

export type ErrorCode = (typeof errorCodes)[number]

export interface AppErrorShape {
  code: ErrorCode
  message: string
  /** The service's own messages, one per violation, for a 400 with a message array. */
  details?: string[]
}

export class AppError extends Error implements AppErrorShape {
  override readonly name = 'AppError'

  readonly details: string[] | undefined

  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown; details?: string[] },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
    this.details = options?.details
  }

  toShape(): AppErrorShape {
    return this.details ? { code: this.code, message: this.message, details: this.details } : { code: this.code, message: this.message }
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError
}
