import type { ApiClientOptions } from './api/api-client'
import type { Sender } from './ipc/dispatcher'
import type { LinkInbox } from './links/link-inbox'
import type { AppLog } from './logging/app-log'
import type { SchedulerOptions } from './scheduler/scheduler'
import type { SecretStore } from './secrets/keychain'
import type { FileDialogs } from './services/batch-service'
import type { LocalService } from './services/connections'
import type { ProductionConfirm } from './services/production-guard'
import type { RuntimeVersions, SupportShell } from './services/support-service'

/** What the shell (or a test) gives the app core: where things live and how to reach the world outside. */
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
  /** payments-desk:// links: the shell's inbox, which may hold one from before the core existed. */
  links?: LinkInbox
  /** The managed policy file (the shell passes managedPolicyPath's); without it none is read, as in most tests. */
  policyPath?: string
}
