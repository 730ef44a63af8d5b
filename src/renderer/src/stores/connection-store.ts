import type { AppErrorShape } from '../../../shared/app-error'
import type { InvokeRequest, InvokeResponse } from '../../../shared/contract/channels'
import type { EnvironmentId } from '../../../shared/environments'
import { wordsFor } from '../../../shared/error-words'
import { invoke } from '../api/client'
import { announce } from '../shell/announcer'
import { notifyIfAway } from '../shell/notify-away'
import { toErrorShape } from './error-shape'
import { createStore } from './create-store'

type SettingsView = InvokeResponse<'getSettings'>
export type EnvironmentView = SettingsView['environments'][number]
export type RemoteEnvironment = InvokeRequest<'setKey'>['environment']

/** The last "Test connection" of one environment: running, or its answer. */
export type ConnectionTest =
  | { status: 'running'; run: number }
  | { status: 'passed'; run: number; message: string }
  | { status: 'failed'; run: number; error: AppErrorShape }

interface ConnectionState {
  view: SettingsView | null
  loading: boolean
  error: AppErrorShape | null
  /**
   * What the main process had to tell the user. It sends a one-time notice (a corrupt
   * settings file set aside) only once, so it stays here until dismissed even when a
   * later view arrives without it.
   */
  notice: string | null
  tests: Partial<Record<EnvironmentId, ConnectionTest>>
  load: () => Promise<void>
  update: (patch: InvokeRequest<'updateSettings'>) => Promise<void>
  /** Replaces the view after a key change (set, delete) answered with a fresh one. */
  accept: (view: SettingsView) => void
  /** Stores the key in the keychain (through the main process); throws the AppError on refusal. */
  setKey: (environment: RemoteEnvironment, key: string) => Promise<void>
  deleteKey: (environment: RemoteEnvironment) => Promise<void>
  /** Makes `account` the one in use in `environment`; throws the AppError on refusal. */
  switchAccount: (environment: EnvironmentId, account: string) => Promise<void>
  addAccount: (environment: RemoteEnvironment, name: string) => Promise<void>
  removeAccount: (environment: RemoteEnvironment, account: string) => Promise<void>
  testConnection: (environment: EnvironmentId) => Promise<void>
  dismissNotice: () => void
}

let runs = 0

function describe(env: EnvironmentView | undefined): string {
  return env ? `${env.baseUrl ?? ''}|${env.activeAccount}|${String(env.hasKey)}` : ''
}

/** A test result speaks for the URL and key it ran with: drop the ones that changed since. */
function keepCurrentTests(tests: ConnectionState['tests'], before: SettingsView | null, after: SettingsView): ConnectionState['tests'] {
  const kept: ConnectionState['tests'] = {}
  for (const env of after.environments) {
    const test = tests[env.id]
    if (test && describe(before?.environments.find((e) => e.id === env.id)) === describe(env)) kept[env.id] = test
  }
  return kept
}

export const useConnection = createStore<ConnectionState>((set, get) => {
  function accept(view: SettingsView): void {
    set((state) => ({
      view,
      notice: view.notice ?? state.notice,
      tests: keepCurrentTests(state.tests, state.view, view),
    }))
  }

  function forget(environment: EnvironmentId): void {
    set((state) => ({ tests: { ...state.tests, [environment]: undefined } }))
  }

  return {
    view: null,
    loading: false,
    error: null,
    notice: null,
    tests: {},
    async load() {
      set({ loading: true })
      try {
        accept(await invoke('getSettings', {}))
        set({ error: null })
      } catch (error) {
        set({ error: toErrorShape(error) })
      } finally {
        set({ loading: false })
      }
    },
    async update(patch) {
      accept(await invoke('updateSettings', patch))
      set({ error: null })
    },
    accept,
    async setKey(environment, key) {
      const view = await invoke('setKey', { environment, key })
      // A replaced key keeps hasKey true, so the old result would look current.
      forget(environment)
      accept(view)
    },
    async deleteKey(environment) {
      accept(await invoke('deleteKey', { environment }))
      forget(environment)
    },
    async switchAccount(environment, account) {
      const view = await invoke('updateSettings', { activeAccount: { environment, account } })
      accept(view)
      const name = view.environments.find((env) => env.id === environment)?.accounts.find((a) => a.id === account)?.name
      // Said, not only shown: the badge changes at the top of the window, away from the radio just chosen.
      if (name) announce(`Now using the account ${name}.`)
    },
    async addAccount(environment, name) {
      accept(await invoke('addAccount', { environment, name }))
    },
    async removeAccount(environment, account) {
      accept(await invoke('removeAccount', { environment, account }))
    },
    async testConnection(environment) {
      const run = ++runs
      set((state) => ({ tests: { ...state.tests, [environment]: { status: 'running', run } } }))
      let result: ConnectionTest
      try {
        result = { status: 'passed', run, message: (await invoke('testKey', { environment })).message }
      } catch (error) {
        result = { status: 'failed', run, error: toErrorShape(error) }
      }
      // Only the latest run for this environment, and only if nothing reset it meanwhile.
      if (get().tests[environment]?.run !== run) return
      set((state) => ({ tests: { ...state.tests, [environment]: result } }))
      // A test against a slow service can outlast the admin's patience on this screen.
      notifyIfAway(
        'settings',
        result.status === 'passed'
          ? { title: 'Connection works', message: result.message, color: 'teal' }
          : { title: `Connection failed: ${wordsFor(result.error.code).title}`, message: result.error.message, color: 'red' },
      )
    },
    dismissNotice() {
      set({ notice: null })
    },
  }
})

export function selectActiveEnvironment(state: ConnectionState): EnvironmentId {
  return state.view?.settings.activeEnvironment ?? 'local'
}

export function selectActiveLabel(state: ConnectionState): string {
  const active = selectActiveEnvironment(state)
  return state.view?.environments.find((env) => env.id === active)?.label ?? 'Local sandbox'
}

/** The active environment's view (its accounts among them); undefined before the settings have loaded. */
export function selectActiveEnvironmentView(state: ConnectionState): EnvironmentView | undefined {
  return state.view?.environments.find((env) => env.id === selectActiveEnvironment(state))
}

export function selectEnvironment(id: EnvironmentId): (state: ConnectionState) => EnvironmentView | undefined {
  return (state) => state.view?.environments.find((env) => env.id === id)
}

export type AccountView = EnvironmentView['accounts'][number]

/** The account in use in the active environment; null before the settings have loaded. */
export function selectActiveAccount(state: ConnectionState): AccountView | null {
  const env = selectActiveEnvironmentView(state)
  return env?.accounts.find((account) => account.id === env.activeAccount) ?? null
}
