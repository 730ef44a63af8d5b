// The checkout request's rules as the service checks them: class-validator's IsEmail() and
// IsUrl() with no options are validator.js's isEmail and isURL with their defaults, and the
// rest (a non-empty list; string name; integer price and quantity; EUR or USD) is what the
// service's DTO says. The Checkout form checks with these before sending, in the service's
// words, so it neither sends what the service would refuse for a reason it could see nor
// refuses what the service accepts. The sandbox runs the DTOs themselves (src/sandbox/dto).

import isEmailAddress from 'validator/lib/isEmail'
import isURLAddress from 'validator/lib/isURL'

export const checkoutCurrencies = ['EUR', 'USD'] as const
export type CheckoutCurrency = (typeof checkoutCurrencies)[number]

/** The top-level fields of a checkout request, which the messages start with. */
export const checkoutFields = ['products', 'currency', 'customerEmail', 'successUrl', 'cancelUrl'] as const
export const productFields = ['name', 'price', 'quantity'] as const

/** class-validator's IsEmail() with its default options. */
export function isEmail(value: unknown): value is string {
  return typeof value === 'string' && isEmailAddress(value)
}

/** class-validator's IsUrl() with its default options: a scheme is optional, a top-level domain is not. */
export function isUrl(value: unknown): value is string {
  return typeof value === 'string' && isURLAddress(value)
}

export function isCheckoutCurrency(value: unknown): value is CheckoutCurrency {
  return typeof value === 'string' && (checkoutCurrencies as readonly string[]).includes(value)
}

/** A request as the form builds it: a list of line items whose numbers may be missing or not whole. */
export interface CheckoutBody {
  products: { name: string; price: unknown; quantity: unknown }[]
  currency: string
  customerEmail: string
  successUrl: string
  cancelUrl: string
}

// class-validator's IsInt: a number with no fraction.
const isInt = (value: unknown) => typeof value === 'number' && Number.isInteger(value)

/**
 * The service's messages for this body, in the order its validation lists them; empty when
 * the service's rules accept it.
 */
export function checkoutMessages(body: CheckoutBody): string[] {
  const messages: string[] = []
  if (body.products.length === 0) messages.push('products should not be empty')
  body.products.forEach((product, index) => {
    if (typeof product.name !== 'string') messages.push(`products.${index}.name must be a string`)
    if (!isInt(product.price)) messages.push(`products.${index}.price must be an integer number`)
    if (!isInt(product.quantity)) messages.push(`products.${index}.quantity must be an integer number`)
  })
  if (!isCheckoutCurrency(body.currency)) messages.push(`currency must be one of the following values: ${checkoutCurrencies.join(', ')}`)
  if (!isEmail(body.customerEmail)) messages.push('customerEmail must be an email')
  if (!isUrl(body.successUrl)) messages.push('successUrl must be a URL address')
  if (!isUrl(body.cancelUrl)) messages.push('cancelUrl must be a URL address')
  return messages
}

/**
 * The field a message names, by its leading path: `products.0.price must be ...` names
 * `products.0.price`. Null when the message does not start with a path.
 */
export function messagePath(message: string): string | null {
  const match = /^([A-Za-z_$][\w$]*(?:\.[\w$]+)*)\s/.exec(message)
  return match?.[1] ?? null
}
