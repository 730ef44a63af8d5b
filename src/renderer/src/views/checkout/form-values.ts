import { randomId } from '@mantine/hooks'
import type { CheckoutBody, CheckoutCurrency } from '../../../../shared/checkout-rules'
import type { InvokeRequest } from '../../../../shared/contract/channels'

export type CheckoutInput = InvokeRequest<'createCheckout'>['checkout']

export interface ProductRow {
  /** React key only; never sent. */
  key: string
  name: string
  /** NumberInput hands back '' while the field is empty. */
  price: number | string
  quantity: number | string
}

export interface CheckoutFormValues {
  products: ProductRow[]
  currency: CheckoutCurrency
  customerEmail: string
  successUrl: string
  cancelUrl: string
}

export function newProductRow(): ProductRow {
  return { key: randomId(), name: '', price: '', quantity: 1 }
}

export function emptyCheckoutValues(): CheckoutFormValues {
  return { products: [newProductRow()], currency: 'EUR', customerEmail: '', successUrl: '', cancelUrl: '' }
}

function toNumber(value: number | string): unknown {
  if (typeof value === 'number') return value
  if (value.trim() === '') return undefined
  const parsed = Number(value)
  return Number.isFinite(parsed) ? parsed : value
}

/**
 * The request as it would be sent, for the shared rules to judge. E-mail and URLs lose
 * the whitespace a paste brings along; names are sent as typed.
 */
export function toRequestBody(values: CheckoutFormValues): CheckoutBody {
  return {
    products: values.products.map((row) => ({ name: row.name, price: toNumber(row.price), quantity: toNumber(row.quantity) })),
    currency: values.currency,
    customerEmail: values.customerEmail.trim(),
    successUrl: values.successUrl.trim(),
    cancelUrl: values.cancelUrl.trim(),
  }
}

/** The request for the contract; call it on values the shared rules accepted. */
export function toCheckoutInput(values: CheckoutFormValues): CheckoutInput {
  return {
    products: values.products.map((row) => ({ name: row.name, price: Number(row.price), quantity: Number(row.quantity) })),
    currency: values.currency,
    customerEmail: values.customerEmail.trim(),
    successUrl: values.successUrl.trim(),
    cancelUrl: values.cancelUrl.trim(),
  }
}

/** Σ price × quantity, when every row holds whole numbers; what the service should charge. */
export function draftTotal(values: CheckoutFormValues): number | null {
  let total = 0
  for (const row of values.products) {
    const price = toNumber(row.price)
    const quantity = toNumber(row.quantity)
    if (!Number.isSafeInteger(price) || !Number.isSafeInteger(quantity)) return null
    total += (price as number) * (quantity as number)
  }
  return values.products.length > 0 ? total : null
}
