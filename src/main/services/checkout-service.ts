import { AppError } from '../../shared/app-error'
import type { InvokeRequest, InvokeResponse } from '../../shared/contract/channels'
import { paymentSchema, type PaymentView } from '../../shared/contract/payment-schema'
import { formatMoney, minorUnitsAssumption } from '../../shared/format/money'
import type { ApiClient } from '../api/api-client'
import { checkoutDetail } from '../audit/audit-details'
import type { AuditRecorder } from './audit-service'
import { dialogText, type ProductionGuard, type ProductionWrite } from './production-guard'
import { describeCreatedShapeError } from './shape-error'

export interface CheckoutService {
  create(request: InvokeRequest<'createCheckout'>): Promise<InvokeResponse<'createCheckout'>>
}

type CheckoutInput = InvokeRequest<'createCheckout'>['checkout']

const total = (checkout: CheckoutInput) => checkout.products.reduce((sum, product) => sum + product.price * product.quantity, 0)

/** The question the production dialog asks, from the request itself rather than anything the renderer says about it. */
function productionWrite(checkout: CheckoutInput): ProductionWrite {
  const lines = checkout.products.length
  return {
    action: 'Create a payment in Production',
    summary: `A checkout payment of ${total(checkout)} ${dialogText(checkout.currency, 10)} (${dialogText(formatMoney(total(checkout), checkout.currency), 40)} ${minorUnitsAssumption}, ${lines} ${lines === 1 ? 'product line' : 'product lines'}) for ${dialogText(checkout.customerEmail)}. The customer can pay it as soon as they have the link.`,
    confirmLabel: 'Create in Production',
  }
}

export function createCheckoutService(deps: { client: ApiClient; audit: AuditRecorder; guard: ProductionGuard }): CheckoutService {
  return {
    async create({ checkout }) {
      const { target, note: confirmed } = await deps.guard.require(productionWrite(checkout))
      const { environment, account } = target
      // The service validates the content and answers 400 with one message per field;
      // those messages reach the form as they are.
      const raw = await deps.client.send({
        method: 'POST',
        path: '/api/checkout/payment',
        body: checkout,
        priority: 'interactive',
        environment,
        account: account.id,
      })
      const parsed = paymentSchema.safeParse(raw)
      // The service accepted the create: the payment exists even when its answer cannot be read.
      const payment: PaymentView = parsed.success ? parsed.data : {}
      const detail = checkoutDetail({
        id: payment.id ?? null,
        amount: payment.amount ?? total(checkout),
        currency: payment.currency ?? checkout.currency,
        customerEmail: checkout.customerEmail,
      })
      await deps.audit.record({
        environment,
        account: account.name,
        action: 'checkout-created',
        detail: confirmed ? `${detail}; ${confirmed}` : detail,
      })
      if (!parsed.success) throw describeCreatedShapeError('payment', parsed.error)
      if (typeof raw !== 'object' || raw === null)
        throw new AppError('invalid-response', 'The service answered the checkout with something that is not a payment.')
      return { environment, payment: parsed.data, raw }
    },
  }
}
