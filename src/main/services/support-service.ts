import { arch, release, type as osType } from 'node:os'
import { AppError } from '../../shared/app-error'
import type { InvokeResponse } from '../../shared/contract/channels'
import { environmentLabels, type EnvironmentId } from '../../shared/environments'
import type { AppLog } from '../logging/app-log'
import { escapeControls } from '../../shared/format/escape-controls'
import { scrubSecrets } from '../logging/scrub'

/** What the shell can do with the logs folder; absent under Node and in tests. */
export interface SupportShell {
  /** Shows the folder in the file manager; throws with the shell's reason when it cannot. */
  openFolder(path: string): Promise<void>
}

/** The runtime's versions as the shell knows them: Electron and Chrome only inside Electron. */
export interface RuntimeVersions {
  app?: string
  electron?: string
  chrome?: string
  node?: string
}

export interface SupportDeps {
  log: AppLog | null
  shell?: SupportShell
  versions?: RuntimeVersions
  activeEnvironment(): EnvironmentId
  baseUrl(environment: EnvironmentId): string | null
  scheduler(): InvokeResponse<'getScheduler'>
}

export const diagnosticErrorLines = 20

export type SupportService = ReturnType<typeof createSupportService>

/** "Open logs folder" and "Copy diagnostics": what a support ticket needs, and never a key or secret. */
export function createSupportService(deps: SupportDeps) {
  return {
    async openLogsFolder(): Promise<InvokeResponse<'openLogsFolder'>> {
      const dir = deps.log?.dir
      if (!dir || !deps.shell) {
        throw new AppError('logs-folder-unavailable', 'This build of Payments Desk writes no log folder that can be opened here.')
      }
      try {
        await deps.shell.openFolder(dir)
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        throw new AppError('logs-folder-unavailable', `The logs folder could not be opened (${reason}). It is ${dir}`, { cause: error })
      }
      return { path: dir }
    },

    async diagnostics(): Promise<InvokeResponse<'getDiagnostics'>> {
      const versions = { node: process.versions.node, ...deps.versions }
      const environment = deps.activeEnvironment()
      const { config, state } = deps.scheduler()
      const problems = deps.log ? await deps.log.recentProblems(diagnosticErrorLines).catch(() => ['(the log could not be read)']) : []
      const lines = [
        `Payments Desk diagnostics, ${new Date().toISOString()}`,
        `App: ${versions.app ?? 'unknown'}`,
        `Electron: ${versions.electron ?? 'not running in Electron'}; Chrome: ${versions.chrome ?? 'unknown'}; Node: ${versions.node}`,
        `OS: ${osType()} ${release()} ${arch()}`,
        `Environment: ${environmentLabels[environment]} (${environment}) at ${originOf(deps.baseUrl(environment))}`,
        `Scheduler limits: ${JSON.stringify(config)}`,
        `Scheduler state: ${JSON.stringify(state)}`,
        `Log folder: ${deps.log?.dir ? escapeControls(deps.log.dir) : 'none'}`,
        problems.length === 0 ? 'Recent errors and warnings: none' : `Recent errors and warnings (last ${problems.length}, oldest first):`,
        ...problems.map((line) => `  ${line}`),
      ]
      // Scrubbed as a whole: nothing above should hold a secret, and this makes sure.
      return { text: scrubSecrets(lines.join('\n')) }
    },
  }
}

/** The origin alone: a path may name an account, and a base URL has no credentials to show. */
function originOf(baseUrl: string | null): string {
  if (baseUrl === null) return 'no base URL set'
  try {
    return new URL(baseUrl).origin
  } catch {
    return 'an invalid base URL'
  }
}
