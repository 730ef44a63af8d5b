import { isEmail as classValidatorIsEmail, isURL as classValidatorIsUrl } from 'class-validator'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkoutMessages, type CheckoutBody } from '../../src/shared/checkout-rules'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
import { toRequestBody, type CheckoutFormValues } from '../../src/renderer/src/views/checkout/form-values'
import { apiClient, type ApiClient } from '../helpers/sandbox-client'
import { validCheckout } from '../helpers/validation-bodies'

// The Checkout form's check and the sandbox (which runs the service's DTOs) must give the
// same verdict on every address; class-validator's own functions are the third opinion.

let sandbox: RunningSandbox
let api: ApiClient
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: { rate: 0 } })
  api = apiClient(sandbox)
})
afterAll(() => sandbox.close())

const label63 = 'a'.repeat(63)
const label64 = 'a'.repeat(64)

const emails = [
  ...['buyer@[127.0.0.1]', '.buyer@example.com', 'buyer@-shop.example.com', 'buyer@example.c'],
  ...['ada@example.com', 'ada+invoices@example.com', 'ada.lovelace+a.b@mail.example.co.uk', 'ada@example', 'ada@localhost'],
  ...['ada@bücher.example', 'ada@xn--bcher-kva.example', 'josé@example.com', '用户@例子.广告', 'ada@例子.中国'],
  ...['ada@127.0.0.1', 'ada@[IPv6:::1]', 'ada@192.168.0.1', 'Ada <ada@example.com>', 'ada@example.com.', 'ada..b@example.com'],
  ...[`ada@${label63}.example`, `ada@${label64}.example`, `${'a'.repeat(64)}@example.com`, `${'a'.repeat(65)}@example.com`],
  ...['"ada lovelace"@example.com', 'ada@exa_mple.com', 'ada@example.com ', ' ada@example.com', 'ada@@example.com', ''],
]

const urls = [
  ...['http://localhost:3000/success', 'https://shop.example.com/ok', 'http://shop.example.com:8080/ok', 'shop.example.com/thanks'],
  ...[
    'https://127.0.0.1/ok',
    'http://127.0.0.1:3000/ok',
    'https://[::1]:8443/ok',
    'https://[2001:db8::1]/ok',
    'https://192.168.0.1:65535/',
  ],
  ...['https://shop.example.com:99999/', 'https://bücher.example/ok', 'https://xn--bcher-kva.example/ok', 'https://例子.广告/ok'],
  ...[`https://${label63}.example/`, `https://${label64}.example/`, 'https://shop_1.example.com/', 'https://shop.example.com./'],
  ...['ftp://files.example.com/x', 'mailto:ada@example.com', 'javascript:alert(1)', 'https://user:pass@shop.example.com/'],
  ...['https://shop.example/ok?next=/cart#top', 'https://shop', 'https://', '//shop.example.com/ok', 'https://shop.example.com/a b', ''],
]

async function sandboxAccepts(body: CheckoutBody, field: string): Promise<boolean> {
  const reply = await api.post('/api/checkout/payment', body)
  if (reply.status === 201) return true
  expect(reply.status, reply.text).toBe(400)
  const messages = (reply.json as { message: string[] }).message
  expect(
    messages.every((message) => message.startsWith(`${field} `)),
    reply.text,
  ).toBe(true)
  return false
}

const formAccepts = (body: CheckoutBody) => checkoutMessages(body).length === 0

describe('the form and the sandbox agree on every address', () => {
  it.each(emails)('customerEmail %j', async (customerEmail) => {
    const body = { ...validCheckout, customerEmail }
    const verdict = classValidatorIsEmail(customerEmail)
    expect({ form: formAccepts(body), sandbox: await sandboxAccepts(body, 'customerEmail') }).toEqual({ form: verdict, sandbox: verdict })
  })

  it.each(urls)('successUrl and cancelUrl %j', async (url) => {
    const verdict = classValidatorIsUrl(url)
    for (const field of ['successUrl', 'cancelUrl']) {
      const body = { ...validCheckout, [field]: url }
      expect({ form: formAccepts(body), sandbox: await sandboxAccepts(body, field) }, field).toEqual({ form: verdict, sandbox: verdict })
    }
  })

  it('covers both verdicts in each table', () => {
    expect(new Set(emails.map((email) => classValidatorIsEmail(email)))).toEqual(new Set([true, false]))
    expect(new Set(urls.map((url) => classValidatorIsUrl(url)))).toEqual(new Set([true, false]))
  })
})

const cell = fc.oneof(
  fc.integer({ min: 0, max: 20_000 }).map(String),
  fc.constantFrom('', '1.5', '-3', 'abc', '1e3'),
  fc.integer({ min: 1, max: 9 }),
)
const formValues: fc.Arbitrary<CheckoutFormValues> = fc.record({
  products: fc.array(fc.record({ key: fc.constant('k'), name: fc.string({ maxLength: 6 }), price: cell, quantity: cell }), {
    maxLength: 3,
  }),
  currency: fc.constantFrom('EUR' as const, 'USD' as const),
  customerEmail: fc.oneof(fc.constantFrom(...emails), fc.emailAddress()),
  successUrl: fc.oneof(fc.constantFrom(...urls), fc.webUrl()),
  cancelUrl: fc.oneof(fc.constantFrom(...urls), fc.webUrl()),
})

describe('the form and the sandbox agree on whole drafts', () => {
  it("the form's messages are the sandbox's, for every draft the form can send (seeded)", async () => {
    await fc.assert(
      fc.asyncProperty(formValues, async (values) => {
        const body = toRequestBody(values)
        const expected = checkoutMessages(body)
        const reply = await api.post('/api/checkout/payment', body)
        if (expected.length > 0) expect(reply.json).toMatchObject({ statusCode: 400, message: expected })
        // Accepted by the service's rules: the sandbox creates it unless one of its own limits says no.
        else if (reply.status !== 201)
          expect((reply.json as { message: string[] }).message.join()).toMatch(/not be empty|less than|positive|greater than/)
      }),
      { seed: 2123, numRuns: 120, verbose: true },
    )
  })
})
