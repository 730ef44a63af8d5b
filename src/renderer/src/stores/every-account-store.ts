import type { AppErrorShape } from '../../../shared/app-error'
import type { InvokeResponse } from '../../../shared/contract/channels'
import type { EnvironmentId } from '../../../shared/environments'
import { call } from '../api/client'
import { selectActiveEnvironment, useConnection } from './connection-store'
import { createStore } from './create-store'
import { idInField, usePayments } from './payments-store'

export type AccountFinding = InvokeResponse<'findPaymentInAccounts'>[number]

interface EveryAccountState {
  /** The ID searched for; null before the first search. */
  id: string | null
  /** The environment whose accounts were searched. */
  environment: EnvironmentId | null
  running: boolean
  findings: AccountFinding[] | null
  error: AppErrorShape | null
  /** Looks the ID up in every account of the active environment. */
  search(id: string): Promise<void>
  clear(): void
}

let searches = 0

export const useEveryAccount = createStore<EveryAccountState>((set) => ({
  id: null,
  environment: null,
  running: false,
  findings: null,
  error: null,
  async search(id) {
    const search = ++searches
    set({ id, environment: selectActiveEnvironment(useConnection.getState()), running: true, findings: null, error: null })
    const result = await call('findPaymentInAccounts', { id })
    // Only the latest search speaks: an earlier, slower one must not replace it.
    if (search !== searches) return
    set(result.ok ? { running: false, findings: result.value } : { running: false, error: result.error })
  },
  clear() {
    searches++
    set({ id: null, environment: null, running: false, findings: null, error: null })
  },
}))

/** Whether the last search is for the ID in the field, in the environment in use: as a lookup, it shows only then. */
export function useSearchAnswersField(): boolean {
  const environment = useConnection(selectActiveEnvironment)
  const fieldId = usePayments((s) => idInField(s.input))
  return useEveryAccount((s) => s.id !== null && s.id === fieldId && s.environment === environment)
}
