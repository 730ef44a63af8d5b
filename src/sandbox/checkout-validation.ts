import { checkoutMessages, type checkoutCurrencies, type CheckoutCurrency } from '../shared/checkout-rules'
import type { currencies, Currency, Product } from './records'

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
// tsc fails here if they drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Assert<T extends true> = T
export type CurrenciesAgree = Assert<Same<typeof currencies, typeof checkoutCurrencies>>
export type CurrencyTypesAgree = Assert<Same<Currency, CheckoutCurrency>>

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
