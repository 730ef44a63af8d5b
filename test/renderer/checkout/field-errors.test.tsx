import { describe, expect, it } from 'vitest'
import { checkoutMessages, messagePath } from '../../../src/shared/checkout-rules'
import { sortMessages } from '../../../src/renderer/src/views/checkout/field-errors'
import {
  draftTotal,
  emptyCheckoutValues,
  toRequestBody,
  type CheckoutFormValues,
} from '../../../src/renderer/src/views/checkout/form-values'
import { echoedProducts } from '../../../src/renderer/src/views/checkout/echoed-products'

describe('messagePath', () => {
  it.each([
    ['products.0.price must be an integer number', 'products.0.price'],
    ['products should not be empty', 'products'],
    ['currency must be one of the following values: EUR, USD', 'currency'],
    ['Request body is not valid JSON', 'Request'],
    ['', null],
    ['  leading space', null],
  ])('%j names %j', (message, path) => {
    expect(messagePath(message)).toBe(path)
  })
})

describe('sortMessages', () => {
  it('puts each message by the field its leading path names, and the rest aside', () => {
    const sorted = sortMessages(
      [
        'products.1.price must be an integer number',
        'products.0.quantity must be an integer number',
        'products.0.quantity must be a positive number',
        'customerEmail must be an email',
        'products.5.name should not be empty',
        'products.0 must be an object',
        'property discount should not exist',
        'Request body is not valid JSON',
      ],
      2,
    )
    expect(sorted.fields).toEqual({
      'products.1.price': ['products.1.price must be an integer number'],
      'products.0.quantity': ['products.0.quantity must be an integer number', 'products.0.quantity must be a positive number'],
      customerEmail: ['customerEmail must be an email'],
    })
    expect(sorted.unmapped).toEqual([
      'products.5.name should not be empty',
      'products.0 must be an object',
      'property discount should not exist',
      'Request body is not valid JSON',
    ])
  })
})

describe('the form values as a request', () => {
  const filled: CheckoutFormValues = {
    products: [
      { key: 'a', name: 'Team seat', price: 1500, quantity: 4 },
      { key: 'b', name: 'Call', price: '9900', quantity: 1 },
    ],
    currency: 'USD',
    customerEmail: '  ada@example.com ',
    successUrl: ' https://shop.example.com/ok',
    cancelUrl: 'https://shop.example.com/cancel ',
  }

  it('is what the shared rules accept once filled, without the pasted whitespace', () => {
    const body = toRequestBody(filled)
    expect(checkoutMessages(body)).toEqual([])
    expect(body).toEqual({
      products: [
        { name: 'Team seat', price: 1500, quantity: 4 },
        { name: 'Call', price: 9900, quantity: 1 },
      ],
      currency: 'USD',
      customerEmail: 'ada@example.com',
      successUrl: 'https://shop.example.com/ok',
      cancelUrl: 'https://shop.example.com/cancel',
    })
  })

  it('leaves empty numbers out, so the rules name them; an empty name is a string the service accepts', () => {
    expect(checkoutMessages(toRequestBody(emptyCheckoutValues()))).toEqual([
      'products.0.price must be an integer number',
      'customerEmail must be an email',
      'successUrl must be a URL address',
      'cancelUrl must be a URL address',
    ])
  })

  it('sums price × quantity only when every row is whole numbers', () => {
    expect(draftTotal(filled)).toBe(1500 * 4 + 9900)
    expect(draftTotal({ ...filled, products: [{ key: 'a', name: 'x', price: 1.5, quantity: 1 }] })).toBeNull()
    expect(draftTotal(emptyCheckoutValues())).toBeNull()
  })
})

describe('echoedProducts', () => {
  it('reads the line items as the service returned them', () => {
    expect(echoedProducts({ products: [{ name: 'Seat', price: 100, quantity: 2 }, 'odd'] })).toEqual([
      { name: 'Seat', price: '100', quantity: '2' },
      { name: 'odd', price: '—', quantity: '—' },
    ])
  })

  it('is null when the answer holds no list', () => {
    expect(echoedProducts({ id: 'pay_1' })).toBeNull()
    expect(echoedProducts(null)).toBeNull()
    expect(echoedProducts({ products: 'x' })).toBeNull()
  })
})
