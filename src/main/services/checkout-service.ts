import { AppError } from '../../shared/app-error'
import type { InvokeRequest, InvokeResponse } from '../../shared/contract/channels'
import { paymentSchema, type PaymentView } from '../../shared/contract/payment-schema'
import type { ApiClient } from '../api/api-client'
import { checkoutDetail } from '../audit/audit-details'
import type { SettingsStore } from '../settings/settings-store'
import type { AuditRecorder } from './audit-service'
import { requireConfirmation } from './production-guard'
import { describeCreatedShapeError } from './shape-error'

export interface CheckoutService {
  create(request: InvokeRequest<'createCheckout'>): Promise<InvokeResponse<'createCheckout'>>
}

export function createCheckoutService(deps: { client: ApiClient; settings: SettingsStore; audit: AuditRecorder }): CheckoutService {
  return {
    async create({ checkout, confirmedProduction }) {
      const environment = deps.settings.get().activeEnvironment
      requireConfirmation(environment, confirmedProduction, 'Creating a payment')
      // The service validates the content and answers 400 with one message per field;
      // those messages reach the form as they are.
      const raw = await deps.client.send({ method: 'POST', path: '/api/checkout/payment', body: checkout, priority: 'interactive', environment })
      const parsed = paymentSchema.safeParse(raw)
      // The service accepted the create: the payment exists even when its answer cannot be read.
      const payment: PaymentView = parsed.success ? parsed.data : {}
      await deps.audit.record({
        environment,
        action: 'checkout-created',
        detail: checkoutDetail({
          id: payment.id ?? null,
          amount: payment.amount ?? checkout.products.reduce((sum, product) => sum + product.price * product.quantity, 0),
          currency: payment.currency ?? checkout.currency,
          customerEmail: checkout.customerEmail,
        }),
      })
      if (!parsed.success) throw describeCreatedShapeError('payment', parsed.error)
      if (typeof raw !== 'object' || raw === null) throw new AppError('invalid-response', 'The service answered the checkout with something that is not a payment.')
      return { environment, payment: parsed.data, raw }
    },
  }
}
