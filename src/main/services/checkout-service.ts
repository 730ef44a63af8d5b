import { AppError } from '../../shared/app-error'
import type { InvokeRequest, InvokeResponse } from '../../shared/contract/channels'
import { paymentSchema } from '../../shared/contract/payment-schema'
import type { ApiClient } from '../api/api-client'
import type { SettingsStore } from '../settings/settings-store'
import { requireConfirmation } from './production-guard'
import { describeShapeError } from './shape-error'

export interface CheckoutService {
  create(request: InvokeRequest<'createCheckout'>): Promise<InvokeResponse<'createCheckout'>>
}

export function createCheckoutService(deps: { client: ApiClient; settings: SettingsStore }): CheckoutService {
  return {
    async create({ checkout, confirmedProduction }) {
      const environment = deps.settings.get().activeEnvironment
      requireConfirmation(environment, confirmedProduction, 'Creating a payment')
      // The service validates the content and answers 400 with one message per field;
      // those messages reach the form as they are.
      const raw = await deps.client.send({ method: 'POST', path: '/api/checkout/payment', body: checkout, priority: 'interactive', environment })
      const parsed = paymentSchema.safeParse(raw)
      if (!parsed.success) throw describeShapeError('payment', parsed.error)
      if (typeof raw !== 'object' || raw === null) throw new AppError('invalid-response', 'The service answered the checkout with something that is not a payment.')
      return { environment, payment: parsed.data, raw }
    },
  }
}
