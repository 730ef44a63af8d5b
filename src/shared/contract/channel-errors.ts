import type { ErrorCode } from '../app-error'
import type { InvokeName } from './channels'

/** Any channel may answer these: a sender refused, a payload its schema refused, a bug, a refusal of the managed policy. */
export const dispatcherErrors = ['forbidden', 'validation', 'internal', 'not-allowed-by-policy'] as const satisfies readonly ErrorCode[]

const keychain = ['keychain-unavailable', 'keychain-locked', 'keychain-error'] as const satisfies readonly ErrorCode[]

/** Reaching the service at all: the connection, the key read for it, an answer of any shape. */
const reachService = [
  'invalid-url',
  'account-not-found',
  'no-key',
  'key-origin-mismatch',
  'bad-request',
  'rate-limited',
  'service-asked-to-wait',
  'server-error',
  'timeout',
  'network',
  'sandbox-not-running',
  'invalid-response',
  'response-too-large',
  'redirect-refused',
  'cancelled',
  ...keychain,
] as const satisfies readonly ErrorCode[]

/** A request to the service: everything the API client can end in, and reading the key for it. */
const serviceCall = [...reachService, 'not-found', 'unauthorized'] as const satisfies readonly ErrorCode[]

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
  findPaymentInAccounts: ['invalid-id', ...serviceCall],
  addAccount: ['invalid-account-name', 'storage'],
  removeAccount: ['account-not-found', 'default-account-kept', 'storage', ...keychain],
  createCheckout: [...serviceWrite, 'confirmation-declined', 'environment-name-not-typed'],
  registerWebhook: [...serviceWrite, 'confirmation-declined', 'storage', 'environment-name-not-typed'],
  listWebhooks: [],
  revealWebhookSecret: ['endpoint-not-found', 'secret-already-revealed', 'storage', ...keychain],
  sendTestEvent: ['sandbox-only', 'invalid-id', ...serviceWrite],
  listSandboxDeliveries: ['sandbox-only', ...serviceCall],
  verifySignature: ['endpoint-not-found', 'secret-not-in-keychain', ...keychain],
  getSettings: keychain,
  updateSettings: ['invalid-url', 'account-not-found', 'storage', 'sandbox-not-running', ...keychain],
  setKey: ['invalid-key', 'invalid-url', 'account-not-found', 'storage', ...keychain],
  // A 404 is its success; a 401 is the answer this test exists for, named as such.
  testKey: [...reachService, 'key-rejected'],
  deleteKey: ['account-not-found', 'storage', ...keychain],
  batchOpenFile: ['id-file-too-large', 'storage'],
  batchStart: ['no-ids', 'too-many-ids', 'batch-already-running', 'account-not-found', 'storage'],
  batchPause: ['batch-not-found', 'storage'],
  batchResume: ['batch-not-found', 'batch-already-finished', 'batch-environment-mismatch', 'batch-already-running', 'storage'],
  batchCancel: ['batch-not-found', 'storage'],
  batchRerun: ['batch-not-found', 'batch-not-finished', 'batch-environment-mismatch', 'no-ids', 'batch-already-running', 'storage'],
  batchList: [],
  batchResults: ['batch-not-found'],
  batchExport: ['batch-not-found', 'storage'],
  getRequestLog: [],
  getScheduler: [],
  configureScheduler: ['storage'],
  auditList: ['storage'],
  auditExport: ['storage'],
  openLogsFolder: ['logs-folder-unavailable'],
  getDiagnostics: [],
  // The account a link names is chosen in main, which writes the settings.
  takePaymentLink: ['link-invalid', 'link-account-unknown', 'storage'],
} as const satisfies { [N in InvokeName]: readonly ErrorCode[] }

/** The codes a channel's failure can carry. */
export type InvokeErrorCode<N extends InvokeName> = (typeof channelErrors)[N][number] | (typeof dispatcherErrors)[number]

/**
 * Whether a channel's handler may end in this code: one its channel declares, or
 * 'internal' for a bug. The dispatcher's own refusals ('forbidden', 'validation') are
 * not a handler's to reuse for a failure of its own.
 */
export function handlerDeclares(name: string, code: string): boolean {
  const declared = (channelErrors as Record<string, readonly string[] | undefined>)[name]
  return code === 'internal' || (declared?.includes(code) ?? false)
}

/** Whether a channel's answer may carry this code (the dispatcher's own codes included). */
export function declaresError(name: string, code: string): boolean {
  const declared = (channelErrors as Record<string, readonly string[] | undefined>)[name]
  return (dispatcherErrors as readonly string[]).includes(code) || (declared?.includes(code) ?? false)
}
