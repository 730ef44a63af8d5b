import { currencies, type Currency, type Product } from './records'

export interface CheckoutRequest {
  products: Product[]
  currency: Currency
  customerEmail: string
  successUrl: string
  cancelUrl: string
}

export type Validated<T> = { ok: true; value: T } | { ok: false; messages: string[] }

// Limits the service does not publish; the sandbox keeps amounts well inside safe integers.
const maxPrice = 100_000_000
const maxQuantity = 10_000
const maxProducts = 100

// Deliberately simple: one @, no spaces, a dot in the domain. Mirrors what
// validation libraries accept for `customerEmail must be an email`.
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

export function isEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && emailPattern.test(value)
}

export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2048) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== ''
  } catch {
    return false
  }
}

function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value)
}

function productMessages(product: unknown, index: number): string[] {
  const at = `products.${index}`
  if (typeof product !== 'object' || product === null || Array.isArray(product)) return [`${at} must be an object`]
  const { name, price, quantity } = product as Record<string, unknown>
  const messages: string[] = []
  if (typeof name !== 'string') messages.push(`${at}.name must be a string`)
  else if (name.trim() === '') messages.push(`${at}.name should not be empty`)
  if (!isInteger(price)) messages.push(`${at}.price must be an integer number`)
  else if (price < 0) messages.push(`${at}.price must not be less than 0`)
  else if (price > maxPrice) messages.push(`${at}.price must not be greater than ${maxPrice}`)
  if (!isInteger(quantity)) messages.push(`${at}.quantity must be an integer number`)
  if (typeof quantity !== 'number' || !(quantity > 0)) messages.push(`${at}.quantity must be a positive number`)
  else if (quantity > maxQuantity) messages.push(`${at}.quantity must not be greater than ${maxQuantity}`)
  return messages
}

/**
 * Validates a checkout request the way the service does: every violation at once,
 * one message each, in the service's wording (`<field> must be ...`).
 */
export function validateCheckout(body: Record<string, unknown>): Validated<CheckoutRequest> {
  const messages: string[] = []
  const { products, currency, customerEmail, successUrl, cancelUrl } = body

  if (products === undefined || products === null) {
    messages.push('products should not be empty', 'products must be an array')
  } else if (!Array.isArray(products)) {
    messages.push('products must be an array')
  } else if (products.length === 0) {
    messages.push('products should not be empty')
  } else if (products.length > maxProducts) {
    messages.push(`products must contain no more than ${maxProducts} elements`)
  } else {
    products.forEach((product: unknown, index) => messages.push(...productMessages(product, index)))
  }
  if (typeof currency !== 'string' || !(currencies as readonly string[]).includes(currency)) {
    messages.push(`currency must be one of the following values: ${currencies.join(', ')}`)
  }
  if (!isEmail(customerEmail)) messages.push('customerEmail must be an email')
  if (!isHttpUrl(successUrl)) messages.push('successUrl must be a URL address')
  if (!isHttpUrl(cancelUrl)) messages.push('cancelUrl must be a URL address')

  if (messages.length > 0) return { ok: false, messages }
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
