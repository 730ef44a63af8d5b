import { checkoutCurrencies, checkoutMessages, type CheckoutCurrency } from '../shared/checkout-rules'
import { currencies, type Currency, type Product } from './records'

// The rules live in src/shared so the app's Checkout form checks with the same words.
export { isEmail, isHttpUrl } from '../shared/checkout-rules'

export interface CheckoutRequest {
  products: Product[]
  currency: Currency
  customerEmail: string
  successUrl: string
  cancelUrl: string
}

export type Validated<T> = { ok: true; value: T } | { ok: false; messages: string[] }

// The sandbox's records and the shared rules must accept the same currencies, in the same order.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const sameCurrencies: Same<typeof currencies, typeof checkoutCurrencies> & Same<Currency, CheckoutCurrency> = true
void sameCurrencies

/**
 * Validates a checkout request the way the service does: every violation at once,
 * one message each, in the service's wording (`<field> must be ...`).
 */
export function validateCheckout(body: Record<string, unknown>): Validated<CheckoutRequest> {
  const messages = checkoutMessages(body)
  if (messages.length > 0) return { ok: false, messages }
  const { products, currency, customerEmail, successUrl, cancelUrl } = body
  return {
    ok: true,
    value: {
      products: (products as Product[]).map(({ name, price, quantity }) => ({ name, price, quantity })),
      currency: currency as Currency,
      customerEmail: customerEmail as string,
      successUrl: successUrl as string,
      cancelUrl: cancelUrl as string,
    },
  }
}
