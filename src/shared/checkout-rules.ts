// The checkout request's rules, worded the way the service words its 400 messages
// (`<field> must be ...`). The sandbox validates with them and the Checkout form checks
// with them before sending, so the two cannot drift apart.

export const checkoutCurrencies = ['EUR', 'USD'] as const
export type CheckoutCurrency = (typeof checkoutCurrencies)[number]

// Limits the service does not publish; the sandbox keeps amounts well inside safe integers.
export const checkoutLimits = { maxPrice: 100_000_000, maxQuantity: 10_000, maxProducts: 100 } as const

/** The top-level fields of a checkout request, which the messages start with. */
export const checkoutFields = ['products', 'currency', 'customerEmail', 'successUrl', 'cancelUrl'] as const
export const productFields = ['name', 'price', 'quantity'] as const

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

export function isCheckoutCurrency(value: unknown): value is CheckoutCurrency {
  return typeof value === 'string' && (checkoutCurrencies as readonly string[]).includes(value)
}

function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value)
}

function productMessages(product: unknown, index: number): string[] {
  const at = `products.${index}`
  if (typeof product !== 'object' || product === null || Array.isArray(product)) return [`${at} must be an object`]
  const { name, price, quantity } = product as Record<string, unknown>
  const { maxPrice, maxQuantity } = checkoutLimits
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
 * Every violation of a checkout request at once, one message each, in the service's
 * wording. An empty list means the request is valid.
 */
export function checkoutMessages(body: Record<string, unknown>): string[] {
  const messages: string[] = []
  const { products, currency, customerEmail, successUrl, cancelUrl } = body
  const { maxProducts } = checkoutLimits

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
  if (!isCheckoutCurrency(currency)) {
    messages.push(`currency must be one of the following values: ${checkoutCurrencies.join(', ')}`)
  }
  if (!isEmail(customerEmail)) messages.push('customerEmail must be an email')
  if (!isHttpUrl(successUrl)) messages.push('successUrl must be a URL address')
  if (!isHttpUrl(cancelUrl)) messages.push('cancelUrl must be a URL address')
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
