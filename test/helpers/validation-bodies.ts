import fc from 'fast-check'

// Request bodies for comparing the sandbox with NestJS's ValidationPipe: each field drawn
// from valid values, the named failures, and JSON of every other type.

const anyJson = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 8 }),
  fc.constant([]),
  fc.constant({}),
)

const namedEmails = [
  'buyer@[127.0.0.1]',
  '.buyer@example.com',
  'buyer@-shop.example.com',
  'buyer@example.c',
  'ada@example',
  'ada+tag@example.com',
]
const namedUrls = [
  'http://localhost:3000/success',
  'https://shop.example.com/ok',
  'shop.example.com/ok',
  'ftp://files.example.com/x',
  'https://127.0.0.1:8443/',
]

const product = fc.record(
  {
    name: fc.oneof(fc.string({ maxLength: 12 }), anyJson),
    price: fc.oneof(fc.integer({ min: 0, max: 100_000 }), anyJson),
    quantity: fc.oneof(fc.integer({ min: 1, max: 50 }), anyJson),
    note: fc.string({ maxLength: 4 }),
  },
  { requiredKeys: [] },
)

const products = fc.oneof(
  fc.array(product, { minLength: 1, maxLength: 3 }),
  fc.array(fc.oneof(product, anyJson), { maxLength: 3 }),
  fc.constantFrom('abc', {}, null, [1], [null], [[]]),
  anyJson,
)

/** A checkout body; fields may be missing, and unknown or prototype keys may ride along. */
export const checkoutBody = fc.record(
  {
    products,
    currency: fc.oneof(fc.constantFrom('EUR', 'USD', 'eur', 'GBP', ''), anyJson),
    customerEmail: fc.oneof(fc.constantFrom(...namedEmails), fc.emailAddress(), anyJson),
    successUrl: fc.oneof(fc.constantFrom(...namedUrls), fc.webUrl(), anyJson),
    cancelUrl: fc.oneof(fc.constantFrom(...namedUrls), fc.webUrl(), anyJson),
    extra: anyJson,
  },
  { requiredKeys: [] },
)

export const webhookBody = fc.record(
  { url: fc.oneof(fc.constantFrom(...namedUrls, 'http://127.0.0.1:9000/hooks'), fc.webUrl(), anyJson), connect: anyJson },
  { requiredKeys: [] },
)

/** The named cases, on an otherwise valid body. */
export const validCheckout = {
  products: [{ name: 'Team seat', price: 1500, quantity: 2 }],
  currency: 'EUR',
  customerEmail: 'ada@example.com',
  successUrl: 'https://shop.example.com/ok',
  cancelUrl: 'https://shop.example.com/cancel',
}

export const namedCheckoutBodies: Record<string, unknown>[] = [
  ...namedEmails.map((customerEmail) => ({ ...validCheckout, customerEmail })),
  { ...validCheckout, successUrl: 'http://localhost:3000/success' },
  ...['abc', {}, null, [1]].map((value) => ({ ...validCheckout, products: value })),
  {},
  { ...validCheckout, products: [] },
  { ...validCheckout, currency: 'GBP' },
  { ...validCheckout, products: [{ name: 7, price: 1.5, quantity: '2' }] },
  // Large enough that the messages pass ValidationPipe's million-character budget.
  { ...validCheckout, products: Array.from({ length: 12_000 }, () => ({})) },
]

/** Bodies only JSON text can carry: own `__proto__` and `constructor` keys, which the pipe strips first. */
export const prototypeKeyTexts = [
  `{"__proto__":{"currency":"EUR"},"constructor":{"name":1},"products":[{"__proto__":{"name":"x"},"price":1,"quantity":1}]}`,
  `{"products":[{"name":"a","price":1,"quantity":1,"constructor":"x"}],"currency":"USD","customerEmail":"ada@example.com","successUrl":"https://a.example.com","cancelUrl":"https://a.example.com","prototype":{}}`,
]

export const namedWebhookBodies: Record<string, unknown>[] = [
  {},
  { url: 42 },
  { url: 'http://localhost:8080/hooks' },
  { url: '' },
  { url: null },
]
