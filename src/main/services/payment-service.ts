import { AppError, isAppError } from '../../shared/app-error'
import type { InvokeResponse } from '../../shared/contract/channels'
import { paymentSchema, type PaymentLookup } from '../../shared/contract/payment-schema'
import type { Account } from '../../shared/accounts'
import type { EnvironmentId } from '../../shared/environments'
import { checkPaymentId } from '../../shared/payment-id'
import { addRecentLookup, type RecentLookup } from '../../shared/recent-lookups'
import type { ApiClient } from '../api/api-client'
import type { Priority } from '../scheduler/scheduler'
import type { SettingsStore } from '../settings/settings-store'
import { accountLabel, type Connections } from './connections'
import { describeShapeError } from './shape-error'

function isNewest(list: readonly RecentLookup[], entry: RecentLookup): boolean {
  const newest = list[0]
  return newest?.id === entry.id && newest.environment === entry.environment && newest.account === entry.account
}

export interface PaymentService {
  /** In the active environment, in `account` (the one in use when absent). */
  get(
    rawId: string,
    options?: { priority?: Priority; signal?: AbortSignal; remember?: boolean; account?: string; sendAnyway?: boolean },
  ): Promise<PaymentLookup>
  /** The active environment and the account a lookup would use (`account`, or the one in use). */
  target(account?: string): { environment: EnvironmentId; account: Account }
  /** The ID in every account of the active environment at once, each through its own account's scheduler. */
  findInAccounts(rawId: string): Promise<InvokeResponse<'findPaymentInAccounts'>>
}

export function createPaymentService(deps: {
  client: ApiClient
  settings: SettingsStore
  connections: Pick<Connections, 'resolve' | 'accounts' | 'account'>
  /** A recent lookup that could not be saved: worth a line in the log, never a failed lookup. */
  onRememberFailed?: (error: unknown) => void
}): PaymentService {
  const service: PaymentService = {
    async get(rawId, options = {}) {
      const checked = checkPaymentId(rawId)
      if (!checked.ok) throw new AppError('invalid-id', checked.message)
      const { environment, account } = service.target(options.account)
      let raw: unknown
      try {
        raw = await deps.client.send({
          method: 'GET',
          path: `/api/payment/${encodeURIComponent(checked.id)}`,
          priority: options.priority ?? 'interactive',
          environment,
          account: account.id,
          ...(options.signal ? { signal: options.signal } : {}),
          ...(options.sendAnyway === true ? { sendAnyway: true } : {}),
        })
      } catch (error) {
        if (error instanceof AppError && error.code === 'not-found') {
          throw new AppError('not-found', `No payment with this ID in ${accountLabel(environment, account)}.`)
        }
        throw error
      }
      const parsed = paymentSchema.safeParse(raw)
      if (!parsed.success) throw describeShapeError('payment', parsed.error)
      const place = { id: checked.id, environment, account: account.id }
      if ((options.remember ?? true) && !isNewest(deps.settings.get().recentLookups, place)) {
        // Failing to remember a lookup must not fail the lookup itself.
        deps.settings.updateSoon(
          (s) => ({ ...s, recentLookups: addRecentLookup(s.recentLookups, place) }),
          (error) => deps.onRememberFailed?.(error),
        )
      }
      return { id: checked.id, environment, account, fetchedAt: Date.now(), payment: parsed.data, raw }
    },

    target(accountId) {
      const { environment } = deps.connections.resolve()
      return { environment, account: deps.connections.account(environment, accountId) }
    },

    async findInAccounts(rawId) {
      const checked = checkPaymentId(rawId)
      if (!checked.ok) throw new AppError('invalid-id', checked.message)
      const { environment } = deps.connections.resolve()
      return Promise.all(
        deps.connections.accounts(environment).map(async (account) => {
          try {
            return { account, lookup: await service.get(checked.id, { account: account.id, remember: false }), error: null }
          } catch (error) {
            if (!isAppError(error)) throw error
            return { account, lookup: null, error: error.code === 'not-found' ? null : { code: error.code, message: error.message } }
          }
        }),
      )
    },
  }
  return service
}
