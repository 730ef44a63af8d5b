// The contract's channel names without its schemas, for the preload: it only forwards calls
// (main and the renderer validate), so it must not bundle the schema library. channels.ts
// keeps the schemas; the checks at the bottom make a channel added there fail to compile
// until it is named here, and a name here that has no schema fail too.
import type { eventContract, invokeContract } from './channels'

export const invokeNames = [
  'getPayment',
  'findPaymentInAccounts',
  'addAccount',
  'removeAccount',
  'createCheckout',
  'registerWebhook',
  'listWebhooks',
  'revealWebhookSecret',
  'sendTestEvent',
  'listSandboxDeliveries',
  'verifySignature',
  'getSettings',
  'updateSettings',
  'setKey',
  'testKey',
  'deleteKey',
  'batchOpenFile',
  'batchStart',
  'batchPause',
  'batchResume',
  'batchCancel',
  'batchRerun',
  'batchList',
  'batchResults',
  'batchExport',
  'getRequestLog',
  'getScheduler',
  'configureScheduler',
  'auditList',
  'auditExport',
  'openLogsFolder',
  'getDiagnostics',
  'takePaymentLink',
] as const

export const eventNames = ['requestLogAppended', 'schedulerState', 'batchProgress', 'auditWriteProblem', 'paymentLinkOpened'] as const

export type InvokeName = (typeof invokeNames)[number]
export type EventName = (typeof eventNames)[number]

export const invokeChannel = (name: InvokeName): string => `payments-desk:${name}`
export const eventChannel = (name: EventName): string => `payments-desk:event:${name}`

type SameKeys<A, B> = [Exclude<A, B> | Exclude<B, A>] extends [never] ? true : { missingOrExtra: Exclude<A, B> | Exclude<B, A> }
// A compile error here names the channel that channels.ts and this list disagree on.
export const invokeNamesMatchContract: SameKeys<InvokeName, keyof typeof invokeContract> = true
export const eventNamesMatchContract: SameKeys<EventName, keyof typeof eventContract> = true
