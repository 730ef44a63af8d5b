import { z } from 'zod'
import { maxAccountIdLength } from '../accounts'
import { accountSchema } from './account-schema'
import { errorCodes } from '../app-error'
import { environmentIds } from '../environments'
import { maxAccountRefLength } from '../links/payment-link'
import { auditListSchema } from './audit-schema'
import { batchJobSchema, batchProgressSchema, batchResultSchema, parsedIdListSchema, rerunKinds } from './batch-schema'
import { linkDeliverySchema, linkOpeningSchema } from './link-schema'
import { paymentLookupSchema } from './payment-schema'
import { requestLogEntrySchema } from './request-log-schema'
import { schedulerConfigSchema, schedulerStateSchema } from './scheduler-schema'
import { keyTestResultSchema, settingsPatchSchema, settingsViewSchema } from './settings-view-schema'
import {
  localEndpointSchema,
  sandboxDeliverySchema,
  signatureCheckRequestSchema,
  signatureCheckResultSchema,
  testEventTypes,
} from './webhook-schema'

const environmentSchema = z.enum(environmentIds)
const none = z.object({}).strict()
const jobRequest = z.object({ jobId: z.string().max(200) }).strict()
const accountId = z.string().max(maxAccountIdLength)
const remoteEnvironmentSchema = z.enum(['production', 'operator'])

export const productInputSchema = z.object({
  name: z.string().max(500),
  price: z.number(),
  quantity: z.number(),
})

export const checkoutInputSchema = z.object({
  products: z.array(productInputSchema).max(100),
  currency: z.string().max(10),
  customerEmail: z.string().max(500),
  successUrl: z.string().max(2_048),
  cancelUrl: z.string().max(2_048),
})

/** What the user typed before a write to Production, when the managed policy asks for the environment's name. */
const typedEnvironmentName = z.string().max(100).optional()

/**
 * Every call the renderer can make: one request schema and one response schema each.
 * The main process validates both; the preload and the renderer's client are derived
 * from this table, so a channel cannot drift.
 */
export const invokeContract = {
  getPayment: {
    /** `sendAnyway`: the user chose to send it past a wait the service asked for ('service-asked-to-wait'). */
    request: z.object({ id: z.string().max(10_000), sendAnyway: z.boolean().optional() }).strict(),
    response: paymentLookupSchema,
  },
  /** "Look up in every account": the ID in each account of the active environment, each through its own scheduler. */
  findPaymentInAccounts: {
    request: z.object({ id: z.string().max(10_000) }).strict(),
    response: z.array(
      z.object({
        account: accountSchema,
        lookup: paymentLookupSchema.nullable(),
        /** Why this account could not say (not found is a lookup of null and no error). */
        error: z.object({ code: z.enum(errorCodes), message: z.string() }).nullable(),
      }),
    ),
  },
  addAccount: {
    request: z.object({ environment: remoteEnvironmentSchema, name: z.string().max(maxAccountRefLength * 4) }).strict(),
    response: settingsViewSchema,
  },
  /** Removes the account and its key from the keychain; Default stays. */
  removeAccount: {
    request: z.object({ environment: remoteEnvironmentSchema, account: accountId }).strict(),
    response: settingsViewSchema,
  },
  createCheckout: {
    // No "confirmed" flag: a write to Production is confirmed in main's own dialog, which the renderer cannot answer.
    request: z.object({ checkout: checkoutInputSchema, typedEnvironmentName }).strict(),
    response: z.object({ environment: environmentSchema, payment: paymentLookupSchema.shape.payment, raw: paymentLookupSchema.shape.raw }),
  },
  registerWebhook: {
    request: z.object({ url: z.string().max(2_048), connect: z.boolean(), typedEnvironmentName }).strict(),
    response: localEndpointSchema,
  },
  listWebhooks: {
    request: none,
    response: z.array(localEndpointSchema),
  },
  revealWebhookSecret: {
    request: z.object({ endpointId: z.string().max(100) }).strict(),
    response: z.object({ secret: z.string() }),
  },
  sendTestEvent: {
    request: z.object({ type: z.enum(testEventTypes), paymentId: z.string().max(200), code: z.string().max(64).optional() }).strict(),
    response: z.object({ type: z.enum(testEventTypes), paymentId: z.string() }),
  },
  listSandboxDeliveries: {
    request: z.object({ endpointId: z.string().max(100).optional() }).strict(),
    response: z.array(sandboxDeliverySchema.extend({ localEndpointId: z.string().nullable() })),
  },
  verifySignature: {
    request: signatureCheckRequestSchema.strict(),
    response: signatureCheckResultSchema,
  },
  getSettings: {
    request: none,
    response: settingsViewSchema,
  },
  updateSettings: {
    request: settingsPatchSchema,
    response: settingsViewSchema,
  },
  setKey: {
    /** `account`: the environment's account in use when absent. */
    request: z.object({ environment: remoteEnvironmentSchema, account: accountId.optional(), key: z.string().max(4_096) }).strict(),
    response: settingsViewSchema,
  },
  testKey: {
    request: z.object({ environment: environmentSchema, account: accountId.optional() }).strict(),
    response: keyTestResultSchema,
  },
  deleteKey: {
    request: z.object({ environment: remoteEnvironmentSchema, account: accountId.optional() }).strict(),
    response: settingsViewSchema,
  },
  batchOpenFile: {
    request: none,
    /** null when the user closed the dialog without choosing. */
    response: z.object({ fileName: z.string(), parsed: parsedIdListSchema }).nullable(),
  },
  batchStart: {
    request: z.object({ ids: z.array(z.string().max(256)).max(200_000), label: z.string().max(200) }).strict(),
    response: batchJobSchema,
  },
  batchPause: { request: jobRequest, response: batchJobSchema },
  batchResume: { request: jobRequest, response: batchJobSchema },
  batchCancel: { request: jobRequest, response: batchJobSchema },
  /** A new run of the finished run's lookup errors, not-found IDs or retryable declines, in their order. */
  batchRerun: { request: z.object({ jobId: z.string().max(200), only: z.enum(rerunKinds) }).strict(), response: batchJobSchema },
  batchList: { request: none, response: z.array(batchJobSchema) },
  batchResults: {
    /** Results arrive in order and never change: `from` fetches only the ones after the first `from`. */
    request: z.object({ jobId: z.string().max(200), from: z.number().int().min(0).optional() }).strict(),
    response: z.array(batchResultSchema),
  },
  batchExport: {
    request: z
      .object({
        jobId: z.string().max(200),
        format: z.enum(['csv', 'json']),
        includeEmails: z.boolean(),
        /** Only these results (the rows the screen's filters show); all of them when absent. */
        onlyIds: z.array(z.string().max(256)).max(200_000).optional(),
      })
      .strict(),
    /** null when the user closed the save dialog; `summaryPath`: the failed amounts per currency, written beside it. */
    response: z.object({ path: z.string().nullable(), summaryPath: z.string().optional() }),
  },
  getRequestLog: {
    request: none,
    response: z.array(requestLogEntrySchema),
  },
  getScheduler: {
    request: none,
    response: z.object({ config: schedulerConfigSchema, state: schedulerStateSchema }),
  },
  configureScheduler: {
    request: schedulerConfigSchema.partial().strict(),
    response: z.object({ config: schedulerConfigSchema, state: schedulerStateSchema }),
  },
  auditList: {
    request: none,
    response: auditListSchema,
  },
  auditExport: {
    request: z.object({ format: z.enum(['csv', 'json']) }).strict(),
    /** null when the user closed the save dialog. */
    response: z.object({ path: z.string().nullable() }),
  },
  /** Shows the folder of main's log files in the file manager; answers its path. */
  openLogsFolder: {
    request: none,
    response: z.object({ path: z.string() }),
  },
  /** Text for a support ticket: versions, environment, scheduler, recent errors; never a key, secret or address. */
  getDiagnostics: {
    request: none,
    response: z.object({ text: z.string() }),
  },
  /** The window listens for links now: the payments-desk:// link that arrived before, once (null: none). */
  takePaymentLink: {
    request: none,
    response: linkOpeningSchema.nullable(),
  },
} as const

/** Pushes from the main process; the payload schema is checked before sending. */
export const eventContract = {
  requestLogAppended: z.array(requestLogEntrySchema),
  schedulerState: schedulerStateSchema,
  batchProgress: batchProgressSchema,
  /** An audit entry could not be written (the action itself went ahead). */
  auditWriteProblem: z.object({ message: z.string() }),
  /** A payments-desk:// link arrived: the payment to open (its account already chosen), or why not. */
  paymentLinkOpened: linkDeliverySchema,
} as const

export type InvokeContract = typeof invokeContract
export type InvokeName = keyof InvokeContract
export type InvokeRequest<N extends InvokeName> = z.input<InvokeContract[N]['request']>
export type InvokeResponse<N extends InvokeName> = z.output<InvokeContract[N]['response']>
export type EventName = keyof typeof eventContract
export type EventPayload<N extends EventName> = z.output<(typeof eventContract)[N]>

// The wire names live with the list of names the preload uses (channel-names.ts imports no schema).
export { eventChannel, invokeChannel } from './channel-names'
