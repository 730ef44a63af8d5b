import { AppError } from '../../shared/app-error'
import { paymentSchema, type PaymentLookup } from '../../shared/contract/payment-schema'
import { environmentLabels } from '../../shared/environments'
import { checkPaymentId } from '../../shared/payment-id'
import type { ApiClient } from '../api/api-client'
import type { Priority } from '../scheduler/scheduler'
import type { SettingsStore } from '../settings/settings-store'
import { describeShapeError } from './shape-error'

const recentLimit = 20

export interface PaymentService {
  get(rawId: string, options?: { priority?: Priority; signal?: AbortSignal; remember?: boolean }): Promise<PaymentLookup>
}

export function createPaymentService(deps: {
  client: ApiClient
  settings: SettingsStore
  /** A recent lookup that could not be saved: worth a line in the log, never a failed lookup. */
  onRememberFailed?: (error: unknown) => void
}): PaymentService {
  return {
    async get(rawId, options = {}) {
      const checked = checkPaymentId(rawId)
      if (!checked.ok) throw new AppError('invalid-id', checked.message)
      const environment = deps.settings.get().activeEnvironment
      let raw: unknown
      try {
        raw = await deps.client.send({
          method: 'GET',
          path: `/api/payment/${encodeURIComponent(checked.id)}`,
          priority: options.priority ?? 'interactive',
          environment,
          ...(options.signal ? { signal: options.signal } : {}),
        })
      } catch (error) {
        if (error instanceof AppError && error.code === 'not-found') {
          throw new AppError('not-found', `No payment with this ID in ${environmentLabels[environment]}.`)
        }
        throw error
      }
      const parsed = paymentSchema.safeParse(raw)
      if (!parsed.success) throw describeShapeError('payment', parsed.error)
      if ((options.remember ?? true) && deps.settings.get().recentLookups[0] !== checked.id) {
        // Failing to remember a lookup must not fail the lookup itself.
        deps.settings.updateSoon(
          (s) => ({ ...s, recentLookups: [checked.id, ...s.recentLookups.filter((id) => id !== checked.id)].slice(0, recentLimit) }),
          (error) => deps.onRememberFailed?.(error),
        )
      }
      return { id: checked.id, environment, fetchedAt: Date.now(), payment: parsed.data, raw }
    },
  }
}
