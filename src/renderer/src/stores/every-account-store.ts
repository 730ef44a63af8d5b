import type { AppErrorShape } from '../../../shared/app-error'
import type { InvokeResponse } from '../../../shared/contract/channels'
import { call } from '../api/client'
import { createStore } from './create-store'

export type AccountFinding = InvokeResponse<'findPaymentInAccounts'>[number]

interface EveryAccountState {
  /** The ID searched for; null before the first search. */
  id: string | null
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
  running: false,
  findings: null,
  error: null,
  async search(id) {
    const search = ++searches
    set({ id, running: true, findings: null, error: null })
    const result = await call('findPaymentInAccounts', { id })
    // Only the latest search speaks: an earlier, slower one must not replace it.
    if (search !== searches) return
    set(result.ok ? { running: false, findings: result.value } : { running: false, error: result.error })
  },
  clear() {
    searches++
    set({ id: null, running: false, findings: null, error: null })
  },
}))
