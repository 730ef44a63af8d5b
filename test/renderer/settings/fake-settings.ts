import { checkApiKey } from '../../../src/shared/api-key'
import type { InvokeResponse } from '../../../src/shared/contract/channels'
import type { PolicyView } from '../../../src/shared/contract/policy-schema'
import { noPolicyView } from '../../../src/shared/policy/no-policy'
import { defaultSettings, type Settings } from '../../../src/shared/contract/settings-schema'
import { environmentIds, environmentLabels, type EnvironmentId } from '../../../src/shared/environments'
import { installFakeApi, type FakeApi } from '../fake-api'

type SettingsView = InvokeResponse<'getSettings'>

export interface FakeSettings {
  api: FakeApi
  settings: Settings
  keys: Partial<Record<EnvironmentId, string>>
  notice: string | null
  policy: PolicyView
  view(): SettingsView
}

/** A fake main process for the settings channels, with the same answers in shape. */
export function installFakeSettings(
  start: { settings?: Partial<Settings>; keys?: FakeSettings['keys']; notice?: string; policy?: PolicyView } = {},
): FakeSettings {
  const api = installFakeApi()
  const state: FakeSettings = {
    api,
    settings: { ...defaultSettings, ...start.settings },
    keys: { ...start.keys },
    notice: start.notice ?? null,
    policy: start.policy ?? noPolicyView,
    view() {
      const notice = state.notice
      state.notice = null
      return {
        settings: state.settings,
        environments: environmentIds.map((id) => ({
          id,
          label: environmentLabels[id],
          baseUrl: id === 'local' ? 'http://127.0.0.1:4010' : state.settings.environments[id].baseUrl,
          hasKey: id === 'local' || state.keys[id] !== undefined,
          managed: id === 'local',
          accounts: [{ id: 'default', name: 'Default', hasKey: id === 'local' || state.keys[id] !== undefined }],
          activeAccount: 'default',
        })),
        notice,
        policy: state.policy,
      }
    },
  }
  api.handle('getSettings', () => state.view())
  api.handle('updateSettings', (patch) => {
    const s = state.settings
    state.settings = {
      ...s,
      ...(patch.activeEnvironment ? { activeEnvironment: patch.activeEnvironment } : {}),
      ...(patch.theme ? { theme: patch.theme } : {}),
      ...(patch.throttle ? { throttle: { ...s.throttle, ...patch.throttle } } : {}),
      environments: patch.baseUrl ? { ...s.environments, [patch.baseUrl.environment]: { baseUrl: patch.baseUrl.url } } : s.environments,
    }
    return state.view()
  })
  api.handle('setKey', ({ environment, key }) => {
    const checked = checkApiKey(key, environment)
    if (!checked.ok) throw new Error(`the fake main would refuse: ${checked.message}`)
    state.keys[environment] = checked.key
    return state.view()
  })
  api.handle('deleteKey', ({ environment }) => {
    state.keys = Object.fromEntries(Object.entries(state.keys).filter(([id]) => id !== environment))
    return state.view()
  })
  api.handle('auditList', () => ({ entries: [], total: 0, verification: { ok: true, problems: [] }, unwritten: [] }))
  api.handle('testKey', ({ environment }) => ({ message: `Connected to ${environmentLabels[environment]}: the key is accepted.` }))
  return state
}
