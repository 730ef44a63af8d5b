// Errors the user can act on travel as values: a stable code for the UI to branch
// on and a message written for the person reading it. Never a secret, never a stack.
export const errorCodes = [
  'validation',
  'invalid-id',
  'invalid-url',
  'invalid-key',
  'no-key',
  'not-found',
  'unauthorized',
  'bad-request',
  'rate-limited',
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
  'internal',
] as const

export type ErrorCode = (typeof errorCodes)[number]

export interface AppErrorShape {
  code: ErrorCode
  message: string
}

export class AppError extends Error implements AppErrorShape {
  override readonly name = 'AppError'

  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }

  toShape(): AppErrorShape {
    return { code: this.code, message: this.message }
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError
}
