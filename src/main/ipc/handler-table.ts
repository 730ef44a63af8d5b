import type { LinkInbox } from '../links/link-inbox'
import type { RequestLog } from '../request-log/request-log'
import type { AccountService } from '../services/account-service'
import type { AuditService } from '../services/audit-service'
import type { BatchService } from '../services/batch-service'
import type { CheckoutService } from '../services/checkout-service'
import type { PaymentService } from '../services/payment-service'
import type { SandboxService } from '../services/sandbox-service'
import type { SchedulerService } from '../services/scheduler-service'
import type { SettingsService } from '../services/settings-service'
import type { SupportService } from '../services/support-service'
import type { WebhookService } from '../services/webhook-service'
import type { Handlers } from './dispatcher'

export interface AppServices {
  payments: PaymentService
  checkout: CheckoutService
  webhooks: WebhookService
  sandbox: SandboxService
  settings: SettingsService
  accounts: AccountService
  scheduler: SchedulerService
  batches: BatchService
  requestLog: RequestLog
  audit: AuditService
  support: SupportService
  links: LinkInbox
}

/** Each channel of the contract to the service that answers it: no logic of its own. */
export function createHandlers(s: AppServices): Handlers {
  return {
    getPayment: ({ id, sendAnyway }) => s.payments.get(id, { sendAnyway: sendAnyway === true }),
    findPaymentInAccounts: ({ id }) => s.payments.findInAccounts(id),
    addAccount: ({ environment, name }) => s.accounts.add(environment, name),
    removeAccount: ({ environment, account }) => s.accounts.remove(environment, account),
    createCheckout: (request) => s.checkout.create(request),
    registerWebhook: (request) => s.webhooks.register(request),
    listWebhooks: () => Promise.resolve(s.webhooks.list()),
    revealWebhookSecret: ({ endpointId }) => s.webhooks.reveal(endpointId),
    verifySignature: (request) => s.webhooks.verify(request),
    sendTestEvent: (request) => s.sandbox.sendTestEvent(request),
    listSandboxDeliveries: (request) => s.sandbox.deliveries(request),
    // Only the channels that answer with the Settings view show (and so take) the pending notices.
    getSettings: () => s.settings.view(),
    updateSettings: async (patch) => {
      await s.settings.update(patch)
      return s.settings.view()
    },
    setKey: ({ environment, key, account }) => s.settings.setKey(environment, key, account),
    deleteKey: ({ environment, account }) => s.settings.deleteKey(environment, account),
    testKey: ({ environment, account }) => s.settings.testKey(environment, account),
    batchOpenFile: () => s.batches.openFile(),
    batchStart: ({ ids, label }) => s.batches.start(ids, label),
    batchPause: ({ jobId }) => s.batches.pause(jobId),
    batchResume: ({ jobId }) => s.batches.resume(jobId),
    batchCancel: ({ jobId }) => s.batches.cancel(jobId),
    batchRerun: ({ jobId, only }) => s.batches.rerun(jobId, only),
    batchList: () => Promise.resolve(s.batches.list()),
    batchResults: ({ jobId, from }) => Promise.resolve(s.batches.results(jobId, from ?? 0)),
    batchExport: ({ jobId, format, includeEmails, onlyIds }) => s.batches.export(jobId, format, includeEmails, onlyIds),
    getRequestLog: () => Promise.resolve(s.requestLog.snapshot()),
    getScheduler: () => Promise.resolve(s.scheduler.view()),
    configureScheduler: (patch) => s.scheduler.configure(patch),
    auditList: () => s.audit.list(),
    auditExport: ({ format }) => s.audit.export(format),
    openLogsFolder: () => s.support.openLogsFolder(),
    getDiagnostics: () => s.support.diagnostics(),
    takePaymentLink: () => s.links.take(),
  }
}
