import { startSandbox, type RunningSandbox } from '../sandbox'
import { createApiClient, type ApiClient, type ApiClientOptions } from './api/api-client'
import { keySendRefusedDetail } from './audit/audit-details'
import { AuditLog } from './audit/audit-log'
import { createDispatcher, type Dispatcher, type Handlers, type Sender } from './ipc/dispatcher'
import { RequestLog } from './request-log/request-log'
import { createScheduler, type Scheduler, type SchedulerOptions } from './scheduler/scheduler'
import type { SecretStore } from './secrets/keychain'
import { createAuditService, type AuditService } from './services/audit-service'
import { createBatchService, type BatchService, type FileDialogs } from './services/batch-service'
import { createCheckoutService } from './services/checkout-service'
import { createConnections, type LocalService } from './services/connections'
import { createPaymentService, type PaymentService } from './services/payment-service'
import { createProductionGuard, type ProductionConfirm } from './services/production-guard'
import { createSandboxService } from './services/sandbox-service'
import { createSettingsService } from './services/settings-service'
import { createSupportService, type RuntimeVersions, type SupportShell } from './services/support-service'
import { consoleLog, type AppLog } from './logging/app-log'
import { logFailures } from './logging/log-failures'
import { createWebhookService } from './services/webhook-service'
import { makeDataFolderPrivate } from './settings/data-folder'
import { SettingsStore } from './settings/settings-store'
import { EndpointStore } from './webhooks/endpoint-store'
import { createEventEmitter, type EventListener } from './ipc/event-emitter'
import { AppError } from '../shared/app-error'

export interface AppCoreOptions {
  dataDir: string
  secrets: SecretStore
  /** 'start' runs the local sandbox in this process; tests may pass one already running. */
  localService: LocalService | 'start' | null
  /** Hosts besides this computer the started sandbox may deliver webhooks to: from the environment, never from IPC. */
  sandboxDeliveryHosts?: readonly string[]
  isTrustedSender: (sender: Sender) => boolean
  scheduler?: Omit<SchedulerOptions, 'ceiling' | 'concurrency'>
  client?: Pick<ApiClientOptions, 'fetch' | 'timeoutMs' | 'retry' | 'maxBodyBytes'>
  /** Where internal errors go unless onInternalError says otherwise; its recent errors go into the diagnostics. */
  log?: AppLog
  onInternalError?: (error: unknown) => void
  /** Opens the logs folder; without it, "Open logs folder" answers logs-folder-unavailable. */
  shell?: SupportShell
  /** Versions the shell knows (app, Electron, Chrome), for the diagnostics. */
  versions?: RuntimeVersions
  /** Open and save dialogs of the shell; without them, file actions answer "cancelled". */
  dialogs?: FileDialogs
  /** The shell's dialog before a write to Production; without it, such writes are refused. */
  confirm?: ProductionConfirm
  /** The OS user the audit log names; the account running the process unless a test says otherwise. */
  auditUser?: string
}

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
  scheduler: Scheduler
  requestLog: RequestLog
  /** The local sandbox's address and key while it runs; null before its first use. */
  readonly localService: LocalService | null
  subscribe(listener: EventListener): () => void
  close(): Promise<void>
}

const stateIntervalMs = 100

/** Everything behind the IPC contract, wired together, with no Electron in sight. */
export async function createAppCore(options: AppCoreOptions): Promise<AppCore> {
  const onInternalError = options.onInternalError ?? (options.log ? (error: unknown) => options.log?.error('Internal error', error) : undefined)
  const folderNotice = await makeDataFolderPrivate(options.dataDir)
  const settings = new SettingsStore(options.dataDir)
  const endpoints = new EndpointStore(options.dataDir)
  const loaded = await settings.load()
  const endpointsNotice = await endpoints.load()

  // 'start': the sandbox runs in this process only once the local environment is in use:
  // at launch when it is the active one, else on its first request or the switch to it.
  let sandbox: RunningSandbox | null = null
  let localService: LocalService | null = options.localService === 'start' ? null : options.localService
  let starting: Promise<LocalService> | null = null
  let closed = false
  const startLocal = (): Promise<LocalService | null> => {
    if (options.localService !== 'start' || closed) return Promise.resolve(localService)
    starting ??= startSandbox({ allowedDeliveryHosts: options.sandboxDeliveryHosts ?? [] }).then(
      (running) => {
        sandbox = running
        localService = { baseUrl: running.baseUrl, apiKey: running.apiKey }
        return localService
      },
      (error: unknown) => {
        starting = null
        throw new AppError('sandbox-not-running', 'The local sandbox could not start on this computer. Restart Payments Desk to try again.', { cause: error })
      },
    )
    return starting
  }
  if (loaded.settings.activeEnvironment === 'local') await startLocal()

  const scheduler = createScheduler({ ...options.scheduler, ...loaded.settings.throttle })
  const requestLog = new RequestLog({ onListenerError: (error) => onInternalError?.(error) })
  const connections = createConnections({
    settings,
    secrets: options.secrets,
    localService: () => localService,
    startLocal,
    onKeyRefused: (refusal) => audit.record({ environment: refusal.environment, action: 'key-send-refused', detail: keySendRefusedDetail(refusal) }),
  })
  const client = createApiClient({
    ...options.client,
    scheduler,
    log: requestLog,
    connection: (environment) => (environment ? connections.forEnvironment(environment) : connections.active()),
  })
  const { emit, subscribe } = createEventEmitter((error) => onInternalError?.(error))
  const audit = createAuditService({
    log: new AuditLog(options.dataDir, { secrets: options.secrets, ...(options.auditUser === undefined ? {} : { user: options.auditUser }) }),
    dialogs: options.dialogs ?? noDialogs,
    // The action went ahead; the admin sees why its entry is missing in Settings, everyone else at once.
    onWriteProblem: (message) => {
      settingsService.addNotice(message)
      emit('auditWriteProblem', { message })
    },
  })
  const payments = createPaymentService({
    client,
    settings,
    onRememberFailed: (error) => (options.log ?? consoleLog()).warn('A lookup could not be added to the recent lookups', error),
  })
  const guard = createProductionGuard(options.confirm)
  const checkout = createCheckoutService({ client, settings, audit, guard })
  const webhooks = createWebhookService({ client, settings, secrets: options.secrets, endpoints, audit, guard })
  const sandboxService = createSandboxService({ client, settings, endpoints })
  const settingsService = createSettingsService({ settings, secrets: options.secrets, connections, client, scheduler, audit })
  for (const notice of [folderNotice, loaded.notice, endpointsNotice, await audit.check()]) if (notice) settingsService.addNotice(notice)
  const batches = await createBatchService({
    dataDir: options.dataDir,
    payments,
    settings,
    scheduler,
    requestLog,
    dialogs: options.dialogs ?? noDialogs,
    addNotice: (notice) => {
      settingsService.addNotice(notice)
    },
  })

  const schedulerView = () => {
    const { ceiling, concurrency, headroom } = scheduler.config()
    return { config: { ceiling, concurrency, headroom }, state: scheduler.state() }
  }

  const support = createSupportService({
    log: options.log ?? null,
    ...(options.shell ? { shell: options.shell } : {}),
    ...(options.versions ? { versions: options.versions } : {}),
    activeEnvironment: () => settings.get().activeEnvironment,
    baseUrl: (environment) => connections.baseUrl(environment),
    scheduler: schedulerView,
  })

  const handlers: Handlers = {
    getPayment: ({ id }) => payments.get(id),
    createCheckout: (request) => checkout.create(request),
    registerWebhook: (request) => webhooks.register(request),
    listWebhooks: () => Promise.resolve(webhooks.list()),
    revealWebhookSecret: ({ endpointId }) => webhooks.reveal(endpointId),
    verifySignature: (request) => webhooks.verify(request),
    sendTestEvent: (request) => sandboxService.sendTestEvent(request),
    listSandboxDeliveries: (request) => sandboxService.deliveries(request),
    getSettings: () => settingsService.view(),
    updateSettings: async (patch) => {
      await settingsService.update(patch)
      // Switched to the local sandbox: start it now, so Settings shows it running.
      if (localService === null && settings.get().activeEnvironment === 'local') await startLocal()
      return settingsService.view()
    },
    setKey: ({ environment, key }) => settingsService.setKey(environment, key),
    deleteKey: ({ environment }) => settingsService.deleteKey(environment),
    testKey: ({ environment }) => settingsService.testKey(environment),
    batchOpenFile: () => batches.openFile(),
    batchStart: ({ ids, label }) => batches.start(ids, label),
    batchPause: ({ jobId }) => batches.pause(jobId),
    batchResume: ({ jobId }) => batches.resume(jobId),
    batchCancel: ({ jobId }) => batches.cancel(jobId),
    batchList: () => Promise.resolve(batches.list()),
    batchResults: ({ jobId, from }) => Promise.resolve(batches.results(jobId, from ?? 0)),
    batchExport: ({ jobId, format, includeEmails, onlyIds }) => batches.export(jobId, format, includeEmails, onlyIds),
    getRequestLog: () => Promise.resolve(requestLog.snapshot()),
    getScheduler: () => Promise.resolve(schedulerView()),
    configureScheduler: async (patch) => {
      await settingsService.update({ throttle: patch })
      return schedulerView()
    },
    auditList: () => audit.list(),
    auditExport: ({ format }) => audit.export(format),
    openLogsFolder: () => support.openLogsFolder(),
    getDiagnostics: () => support.diagnostics(),
  }
  const dispatching = createDispatcher(handlers, {
    isTrustedSender: options.isTrustedSender,
    ...(onInternalError ? { onInternalError } : {}),
  })
  const dispatcher = options.log ? logFailures(dispatching, options.log) : dispatching

  const unsubscribeLog = requestLog.subscribe((entries) => {
    emit('requestLogAppended', entries)
  })
  const unsubscribeBatch = batches.onProgress((progress) => {
    emit('batchProgress', progress)
  })
  // The scheduler changes state on every request; the screen needs at most ten a second.
  let stateTimer: NodeJS.Timeout | undefined
  const unsubscribeState = scheduler.onState(() => {
    stateTimer ??= setTimeout(() => {
      stateTimer = undefined
      emit('schedulerState', scheduler.state())
    }, stateIntervalMs)
  })

  return {
    dispatcher,
    handlers,
    client,
    payments,
    batches,
    audit,
    scheduler,
    requestLog,
    get localService() {
      return localService
    },
    subscribe,
    async close() {
      // At once, before any wait: a recent lookup's deferred save is taken now rather than left to its timer.
      const saving = settings.flush().then(
        () => null,
        (error: unknown) => error,
      )
      await batches.close()
      unsubscribeBatch()
      unsubscribeLog()
      unsubscribeState()
      if (stateTimer) clearTimeout(stateTimer)
      requestLog.dispose()
      const unsaved = await saving
      closed = true
      await starting?.catch(() => undefined)
      await sandbox?.close()
      // A late call for the stopped sandbox is 'sandbox-not-running', not a refused connection to its old port.
      if (sandbox) localService = null
      // Recent lookups, most likely: the app quits either way; the user finds why in the log, and in Copy diagnostics after the next start.
      if (unsaved !== null) (options.log ?? consoleLog()).error('The last settings change was not saved on quit', unsaved)
    },
  }
}
