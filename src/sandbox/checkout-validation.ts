import type { checkoutCurrencies, CheckoutCurrency } from '../shared/checkout-rules'
import { CheckoutPaymentDto, SandboxCheckoutRules } from './dto/checkout-dto'
import type { currencies, Currency, Product } from './records'
import { validateBody, type Validated } from './validation-pipe'

export interface CheckoutRequest {
  products: Product[]
  currency: Currency
  customerEmail: string
  successUrl: string
  cancelUrl: string
}

// The sandbox's records and the shared rules must accept the same currencies, in the same order.
// tsc fails here if they drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Assert<T extends true> = T
export type CurrenciesAgree = Assert<Same<typeof currencies, typeof checkoutCurrencies>>
export type CurrencyTypesAgree = Assert<Same<Currency, CheckoutCurrency>>

/**
 * The spec's rules first, answered exactly as the service's ValidationPipe answers; then,
 * on a body they accept, the sandbox's own limits, in class-validator's words too.
 */
export async function validateCheckout(body: Record<string, unknown>): Promise<Validated<CheckoutRequest>> {
  const checked = await validateBody(CheckoutPaymentDto, body)
  if (!checked.ok) return checked
  const own = await validateBody(SandboxCheckoutRules, body)
  if (!own.ok) return own
  const { products, currency, customerEmail, successUrl, cancelUrl } = checked.value
  return {
    ok: true,
    value: {
      products: products.map(({ name, price, quantity }) => ({ name, price, quantity })),
      currency,
      customerEmail,
      successUrl,
      cancelUrl,
    },
  }
}
