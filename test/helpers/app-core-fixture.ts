import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createAppCore, type AppCore, type AppCoreOptions } from '../../src/main/app-core'
import { createAppLog } from '../../src/main/logging/app-log'
import { appPageUrl } from '../../src/main/app-protocol'
import type { Sender } from '../../src/main/ipc/dispatcher'
import type { FileDialogs } from '../../src/main/services/batch-service'
import type { ProductionConfirm } from '../../src/main/services/production-guard'
import { createKeytarStore, type SecretStore } from '../../src/main/secrets/keychain'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
import { declaresError } from '../../src/shared/contract/channel-errors'
import type { InvokeName, InvokeResponse } from '../../src/shared/contract/channels'
import type { IpcResult } from '../../src/shared/contract/ipc-result'

export const appSender: Sender = { frameUrl: appPageUrl, fromAppWindow: true }

/**
 * For a core a test builds itself: the dispatcher's report of a handler ending in a code
 * its channel does not declare becomes a failed dispatch, so the test sees it.
 */
export function throwOnUndeclared(error: unknown): void {
  if (String(error).includes('does not declare')) throw error
}

export interface CoreFixture {
  core: AppCore
  sandbox: RunningSandbox
  secrets: SecretStore
  dataDir: string
  /** The dispatcher's reports of a handler ending in a code its channel does not declare. */
  undeclared: string[]
  /** Every IPC answer so far, as the renderer would receive it. */
  responses: { name: InvokeName; result: IpcResult<unknown> }[]
  call: <N extends InvokeName>(name: N, request: unknown) => Promise<IpcResult<InvokeResponse<N>>>
  /** Like call, but fails the test on an error result. */
  ok: <N extends InvokeName>(name: N, request: unknown) => Promise<InvokeResponse<N>>
  close(): Promise<void>
}

/**
 * The real main-process core on a temp data folder, the real keychain (under a
 * service name of its own) and a real sandbox: everything but the Electron window.
 */
export async function startCoreFixture(
  options: {
    sandbox?: Parameters<typeof startSandbox>[0]
    dialogs?: FileDialogs
    /** The main-process dialog before a production write; without it, production writes are refused. */
    confirm?: ProductionConfirm
    isTrustedSender?: (sender: Sender) => boolean
    /** The log file, the file manager and the versions behind "Open logs folder" and "Copy diagnostics". */
    support?: Pick<AppCoreOptions, 'log' | 'shell' | 'versions'>
    /** A log file in the data folder's logs/, as the app writes it (instead of support.log). */
    logFile?: boolean
    /** The shell's link inbox, which may hold a payments-desk:// link from before the core existed. */
    links?: AppCoreOptions['links']
    /** A managed policy file: a value is written as JSON, a string as it is. Without it, no policy (admin, as before). */
    policy?: unknown
    /** settings.json as found at start (a file edited by hand), written before the core starts. */
    settingsFile?: unknown
    /** learnt-limits.json as found at start: what an earlier run of the app learnt of each account's limit. */
    learntLimitsFile?: unknown
  } = {},
): Promise<CoreFixture> {
  const dataDir = await mkdtemp(join(tmpdir(), 'payments-desk-core-'))
  const sandbox = await startSandbox({ rateLimit: { rate: 0 }, ...options.sandbox })
  const secrets = createKeytarStore({ service: `payments-desk-test-${process.pid}-${Date.now()}` })
  const undeclared: string[] = []
  const log = options.logFile ? await createAppLog({ dir: join(dataDir, 'logs') }) : options.support?.log
  if (options.settingsFile !== undefined) await writeFile(join(dataDir, 'settings.json'), JSON.stringify(options.settingsFile))
  if (options.learntLimitsFile !== undefined) await writeFile(join(dataDir, 'learnt-limits.json'), JSON.stringify(options.learntLimitsFile))
  const policyPath = options.policy === undefined ? undefined : await writePolicyFile(options.policy)
  const core = await createAppCore({
    dataDir,
    secrets,
    localService: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, accounts: sandbox.merchants },
    isTrustedSender: options.isTrustedSender ?? ((sender) => sender.fromAppWindow),
    client: { retry: { baseDelayMs: 5, maxDelayMs: 50 } },
    // A handler's code must be its channel's own: reusing a dispatcher code ('validation' for a batch's state) is reported here.
    onInternalError: (error) => {
      if (String(error).includes('does not declare')) undeclared.push(String(error))
      log?.error('Internal error', error)
    },
    ...(options.dialogs ? { dialogs: options.dialogs } : {}),
    ...(options.confirm ? { confirm: options.confirm } : {}),
    ...(options.links ? { links: options.links } : {}),
    ...(policyPath ? { policyPath } : {}),
    ...options.support,
    ...(log ? { log } : {}),
  })
  const responses: CoreFixture['responses'] = []
  const call = async <N extends InvokeName>(name: N, request: unknown) => {
    const result = (await core.dispatcher.dispatch(name, appSender, request)) as IpcResult<InvokeResponse<N>>
    responses.push({ name, result })
    // Every test that goes through the fixture also checks the channel's declared errors.
    if (!result.ok && !declaresError(name, result.error.code))
      throw new Error(`${name} answered "${result.error.code}", which it does not declare in channel-errors.ts`)
    if (undeclared.length > 0) throw new Error(undeclared.join('\n'))
    return result
  }
  return {
    core,
    sandbox,
    secrets,
    dataDir,
    undeclared,
    responses,
    call,
    ok: async (name, request) => {
      const result = await call(name, request)
      if (!result.ok) throw new Error(`${name} failed: ${result.error.code}: ${result.error.message}`)
      return result.value
    },
    async close() {
      await core.close()
      await sandbox.close()
      if (options.logFile) await log?.close()
      await rm(dataDir, { recursive: true, force: true })
      if (policyPath) await rm(dirname(policyPath), { recursive: true, force: true })
    },
  }
}

/** A policy file in a folder of its own, as IT would deploy it (the data folder is the user's). */
export async function writePolicyFile(policy: unknown): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'payments-desk-policy-')), 'policy.json')
  await writeFile(path, typeof policy === 'string' ? policy : JSON.stringify(policy))
  return path
}
