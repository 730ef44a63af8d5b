import { createApiClient, type ApiClient } from './api/api-client'
import { keySendRefusedDetail } from './audit/audit-details'
import { AuditLog } from './audit/audit-log'
import { forwardEvents } from './ipc/app-events'
import { createDispatcher, type Dispatcher, type Handlers } from './ipc/dispatcher'
import { createEventEmitter, type EventListener } from './ipc/event-emitter'
import { accountKey, environmentOfKey, findAccount } from '../shared/accounts'
import { createLinkInbox, type LinkInbox } from './links/link-inbox'
import { createKnownSecrets } from './webhooks/known-secrets'
import { createHandlers } from './ipc/handler-table'
import { consoleLog } from './logging/app-log'
import { logFailures } from './logging/log-failures'
import { policyView } from './policy/policy'
import { withPolicyNote } from './policy/policy-audit'
import { createPolicyGate } from './policy/policy-gate'
import { governSettings } from './policy/policy-at-start'
import { RequestLog } from './request-log/request-log'
import { createAccountSchedulers, type AccountSchedulers } from './scheduler/account-schedulers'
import type { Scheduler } from './scheduler/scheduler'
import { createAccountService } from './services/account-service'
import { createAuditService, type AuditService } from './services/audit-service'
import { createBatchService, type BatchService, type FileDialogs } from './services/batch-service'
import { createCheckoutService } from './services/checkout-service'
import { createConnections, type LocalService } from './services/connections'
import { createLocalSandbox } from './services/local-sandbox'
import { createPaymentService, type PaymentService } from './services/payment-service'
import { createProductionGuard } from './services/production-guard'
import { createSandboxService } from './services/sandbox-service'
import { createSchedulerService } from './services/scheduler-service'
import { createSettingsService } from './services/settings-service'
import { createSupportService } from './services/support-service'
import { createWebhookService } from './services/webhook-service'
import { makeDataFolderPrivate } from './settings/data-folder'
import { LearntLimitsStore } from './settings/learnt-limits-store'
import { SettingsStore } from './settings/settings-store'
import { EndpointStore } from './webhooks/endpoint-store'

import type { AppCoreOptions } from './app-core-options'
export type { AppCoreOptions } from './app-core-options'

const noDialogs: FileDialogs = {
  chooseIdFile: () => Promise.resolve(null),
  chooseExportPath: () => Promise.resolve(null),
}

export type { EventListener } from './ipc/event-emitter'

export interface AppCore {
  dispatcher: Dispatcher
  handlers: Handlers
  client: ApiClient
  payments: PaymentService
  batches: BatchService
  audit: AuditService
  /** The scheduler of the account in use. */
  scheduler: Scheduler
  /** Every account's scheduler. */
  schedulers: AccountSchedulers
  requestLog: RequestLog
  /** Where payments-desk:// links arrive (the shell's, and the e2e bridge's). */
  links: LinkInbox
  /** The local sandbox's address and key while it runs; null before its first use. */
  readonly localService: LocalService | null
  subscribe(listener: EventListener): () => void
  close(): Promise<void>
}

/** Everything behind the IPC contract, wired together, with no Electron in sight. */
export async function createAppCore(options: AppCoreOptions): Promise<AppCore> {
  const log = options.log ?? consoleLog()
  const onInternalError =
    options.onInternalError ?? (options.log ? (error: unknown) => options.log?.error('Internal error', error) : undefined)
  const dialogs = options.dialogs ?? noDialogs
  const folderNotice = await makeDataFolderPrivate(options.dataDir)
  const settings = new SettingsStore(options.dataDir)
  const endpoints = new EndpointStore(options.dataDir)
  const loaded = await settings.load()
  const endpointsNotice = await endpoints.load()
  const learntLimits = new LearntLimitsStore(options.dataDir)
  const learntLimitsNotice = await learntLimits.load()
  // What the policy fixes beats settings.json, from the first use of the settings on.
  const { policy, notices: policyNotices } = await governSettings(settings, options.policyPath)

  // 'start': the sandbox runs in this process only once the local environment is in use:
  // at launch when it is the active one, else on its first request or the switch to it.
  const local = createLocalSandbox({ given: options.localService, deliveryHosts: options.sandboxDeliveryHosts ?? [] })
  if (settings.get().activeEnvironment === 'local') await local.start()

  const schedulers = createAccountSchedulers({
    ...options.scheduler,
    ...settings.get().throttle,
    activeKey: () => accountKey(connections.resolve()),
    memory: {
      recall: (key) => learntLimits.recall(key, serviceOf(key), Date.now()),
      remember: (key, learnt) => {
        learntLimits.remember(key, serviceOf(key), learnt)
      },
    },
  })
  // A limit is the service's: one learnt on an environment pointed elsewhere since is not started from.
  // The local sandbox's address changes at each start; its limits do not.
  const serviceOf = (key: string): string => {
    const environment = environmentOfKey(key)
    if (environment === null) return ''
    return environment === 'local' ? 'local' : (connections.baseUrl(environment) ?? '')
  }
  const saveLearntLimits = () =>
    learntLimits.save().catch((error: unknown) => {
      log.warn('The throttle could not keep what it learnt for the next start', error)
    })
  // A crash keeps what was learnt up to the last save; close saves the rest.
  const learntLimitsTimer = setInterval(() => void saveLearntLimits(), 30_000)
  learntLimitsTimer.unref()
  const scheduler = schedulers.inUse
  const requestLog = new RequestLog({ onListenerError: (error) => onInternalError?.(error) })
  const connections = createConnections({
    settings,
    secrets: options.secrets,
    localService: local.current,
    startLocal: local.start,
    onKeyRefused: (refusal) =>
      audit.record({
        environment: refusal.environment,
        account: refusal.account.name,
        action: 'key-send-refused',
        detail: keySendRefusedDetail(refusal),
      }),
  })
  const knownSecrets = createKnownSecrets({ secrets: options.secrets, endpoints })
  const client = createApiClient({
    ...options.client,
    scheduler: (request) => schedulers.for(accountKey(connections.resolve(request.environment, request.account))),
    log: requestLog,
    webhookSecrets: () => knownSecrets.all(),
    connection: (environment, account) => connections.forEnvironment(environment ?? connections.resolve().environment, account),
  })
  const { emit, subscribe } = createEventEmitter((error) => onInternalError?.(error))
  const audit = withPolicyNote(
    createAuditService({
      log: new AuditLog(options.dataDir, {
        secrets: options.secrets,
        ...(options.auditUser === undefined ? {} : { user: options.auditUser }),
      }),
      dialogs,
      // The action went ahead; the admin sees why its entry is missing in Settings, everyone else at once.
      onWriteProblem: (message) => {
        settingsService.addNotice(message)
        emit('auditWriteProblem', { message })
      },
    }),
    policy,
  )
  const payments = createPaymentService({
    client,
    settings,
    connections,
    onRememberFailed: (error) => {
      log.warn('A lookup could not be added to the recent lookups', error)
    },
  })
  const guard = createProductionGuard(options.confirm, connections.target)
  const settingsService = createSettingsService({
    settings,
    secrets: options.secrets,
    connections,
    client,
    scheduler,
    audit,
    startLocal: local.start,
    onAccountSwitched: schedulers.activeChanged,
    policy: policyView(policy),
  })
  for (const notice of [folderNotice, loaded.notice, endpointsNotice, learntLimitsNotice, await audit.check()])
    if (notice) settingsService.addNotice(notice)
  for (const notice of policyNotices) settingsService.addNotice(notice)
  const batches = await createBatchService({
    dataDir: options.dataDir,
    payments,
    settings,
    scheduler,
    requestLog,
    dialogs,
    addNotice: (notice) => {
      settingsService.addNotice(notice)
    },
  })
  const schedulerService = createSchedulerService({ scheduler, settings: settingsService })
  const links = options.links ?? createLinkInbox(onInternalError)

  const handlers = createHandlers({
    payments,
    checkout: createCheckoutService({ client, audit, guard }),
    webhooks: createWebhookService({
      client,
      secrets: options.secrets,
      knownSecrets,
      endpoints,
      audit,
      guard,
    }),
    sandbox: createSandboxService({ client, settings, endpoints }),
    settings: settingsService,
    accounts: createAccountService({
      settings,
      secrets: options.secrets,
      audit,
      view: () => settingsService.view(),
      onAccountSwitched: schedulers.activeChanged,
    }),
    scheduler: schedulerService,
    batches,
    requestLog,
    audit,
    links,
    support: createSupportService({
      log: options.log ?? null,
      ...(options.shell ? { shell: options.shell } : {}),
      ...(options.versions ? { versions: options.versions } : {}),
      activeEnvironment: () => settings.get().activeEnvironment,
      baseUrl: (environment) => connections.baseUrl(environment),
      scheduler: schedulerService.view,
    }),
  })
  const dispatching = createDispatcher(handlers, {
    isTrustedSender: options.isTrustedSender,
    ...(onInternalError ? { onInternalError } : {}),
    gate: createPolicyGate(policy, () => settings.get().activeEnvironment),
  })
  const dispatcher = options.log ? logFailures(dispatching, options.log) : dispatching
  const stopEvents = forwardEvents({ requestLog, batches, scheduler }, emit)
  links.connect({
    accounts: {
      findAccount: (environment, nameOrId) => findAccount(connections.accounts(environment), nameOrId),
      selectAccount: (environment, account) => settingsService.update({ activeAccount: { environment, account } }),
    },
    activeEnvironment: () => settings.get().activeEnvironment,
    emit: (delivery) => {
      emit('paymentLinkOpened', delivery)
    },
  })

  return {
    dispatcher,
    handlers,
    client,
    payments,
    batches,
    audit,
    scheduler,
    schedulers,
    requestLog,
    links,
    get localService() {
      return local.current()
    },
    subscribe,
    async close() {
      // At once, before any wait: a recent lookup's deferred save is taken now rather than left to its timer.
      const saving = settings.flush().then(
        () => null,
        (error: unknown) => error,
      )
      await batches.close()
      clearInterval(learntLimitsTimer)
      await saveLearntLimits()
      stopEvents()
      requestLog.dispose()
      const unsaved = await saving
      await local.close()
      // Recent lookups, most likely: the app quits either way; the user finds why in the log, and in Copy diagnostics after the next start.
      if (unsaved !== null) log.error('The last settings change was not saved on quit', unsaved)
    },
  }
}
