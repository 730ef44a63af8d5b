import type { AppErrorShape } from '../../../shared/app-error'
import type { InvokeRequest, InvokeResponse } from '../../../shared/contract/channels'
import type { EnvironmentId } from '../../../shared/environments'
import { invoke } from '../api/client'
import { toErrorShape } from './error-shape'
import { createStore } from './create-store'

type SettingsView = InvokeResponse<'getSettings'>

interface ConnectionState {
  view: SettingsView | null
  loading: boolean
  error: AppErrorShape | null
  load(): Promise<void>
  update(patch: InvokeRequest<'updateSettings'>): Promise<void>
  /** Replaces the view after a key change (set, delete) answered with a fresh one. */
  accept(view: SettingsView): void
}

export const useConnection = createStore<ConnectionState>((set) => ({
  view: null,
  loading: false,
  error: null,
  async load() {
    set({ loading: true })
    try {
      set({ view: await invoke('getSettings', {}), error: null })
    } catch (error) {
      set({ error: toErrorShape(error) })
    } finally {
      set({ loading: false })
    }
  },
  async update(patch) {
    set({ view: await invoke('updateSettings', patch), error: null })
  },
  accept(view) {
    set({ view })
  },
}))

export function selectActiveEnvironment(state: ConnectionState): EnvironmentId {
  return state.view?.settings.activeEnvironment ?? 'local'
}

export function selectActiveLabel(state: ConnectionState): string {
  const active = selectActiveEnvironment(state)
  return state.view?.environments.find((env) => env.id === active)?.label ?? 'Local sandbox'
}
