import type { ErrorCode } from '../app-error'
import type { InvokeName } from './channels'

/** Any channel may answer these: a sender refused, a payload its schema refused, a bug. */
export const dispatcherErrors = ['forbidden', 'validation', 'internal'] as const satisfies readonly ErrorCode[]

const keychain = ['keychain-unavailable', 'keychain-locked', 'keychain-error'] as const satisfies readonly ErrorCode[]

/** A request to the service: everything the API client can end in, and reading the key for it. */
const serviceCall = [
  'invalid-url',
  'no-key',
  'key-origin-mismatch',
  'not-found',
  'unauthorized',
  'bad-request',
  'rate-limited',
  'server-error',
  'timeout',
  'network',
  'invalid-response',
  'response-too-large',
  'redirect-refused',
  'cancelled',
  ...keychain,
] as const satisfies readonly ErrorCode[]

/** A write the service may have carried out although no answer said so. */
const serviceWrite = [...serviceCall, 'outcome-unknown', 'confirmation-required'] as const satisfies readonly ErrorCode[]

/**
 * The error codes each channel answers besides the dispatcher's own, so the renderer
 * knows which failures to expect where. Every channel must be listed (the type says so);
 * the dispatcher reports a code a channel did not declare, and the IPC fuzz test and
 * every core test fail on one.
 */
export const channelErrors = {
  getPayment: ['invalid-id', ...serviceCall],
  createCheckout: [...serviceWrite, 'confirmation-declined'],
  registerWebhook: [...serviceWrite, 'confirmation-declined', 'storage'],
  listWebhooks: [],
  revealWebhookSecret: ['not-found', 'secret-already-revealed', 'storage', ...keychain],
  sendTestEvent: ['invalid-id', ...serviceWrite],
  listSandboxDeliveries: serviceCall,
  verifySignature: ['not-found', ...keychain],
  getSettings: keychain,
  updateSettings: ['invalid-url', 'storage', 'network', ...keychain],
  setKey: ['invalid-key', 'invalid-url', 'storage', ...keychain],
  testKey: serviceCall,
  deleteKey: ['storage', ...keychain],
  batchOpenFile: ['storage'],
  batchStart: ['storage'],
  batchPause: ['not-found', 'storage'],
  batchResume: ['not-found', 'storage'],
  batchCancel: ['not-found', 'storage'],
  batchList: [],
  batchResults: ['not-found'],
  batchExport: ['not-found', 'storage'],
  getRequestLog: [],
  getScheduler: [],
  configureScheduler: ['storage'],
  auditList: ['storage'],
  auditExport: ['storage'],
} as const satisfies { [N in InvokeName]: readonly ErrorCode[] }

/** The codes a channel's failure can carry. */
export type InvokeErrorCode<N extends InvokeName> = (typeof channelErrors)[N][number] | (typeof dispatcherErrors)[number]

/** Whether a channel declared this code. */
export function declaresError(name: string, code: string): boolean {
  const declared = (channelErrors as Record<string, readonly string[] | undefined>)[name]
  return (dispatcherErrors as readonly string[]).includes(code) || (declared?.includes(code) ?? false)
}
