import { BadRequestException, ValidationPipe } from '@nestjs/common'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
import { CheckoutPaymentDto, SandboxCheckoutRules } from '../../src/sandbox/dto/checkout-dto'
import { SandboxWebhookRules, WebhookDto } from '../../src/sandbox/dto/webhook-dto'
import { call } from '../helpers/sandbox-client'
import {
  checkoutBody,
  namedCheckoutBodies,
  namedWebhookBodies,
  prototypeKeyTexts,
  validCheckout,
  webhookBody,
} from '../helpers/validation-bodies'

// The service validates with NestJS's ValidationPipe and class-validator. Every body here
// goes through @nestjs/common's own pipe, as a NestJS service configures it, and through
// the sandbox over HTTP; a body the pipe refuses must get the pipe's exception body back.

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: { rate: 0 } })
})
afterAll(() => sandbox.close())

type Dto = new () => object

/** The pipe's answer: the exception's body, or null when the body passes. */
async function pipeAnswer(text: string, metatype: Dto): Promise<unknown> {
  try {
    await new ValidationPipe({ whitelist: true, transform: true }).transform(JSON.parse(text), { type: 'body', metatype })
    return null
  } catch (error) {
    if (error instanceof BadRequestException) return error.getResponse()
    throw error
  }
}

async function sandboxAnswer(path: string, text: string): Promise<{ status: number; json: unknown }> {
  return call(sandbox, 'POST', path, { rawBody: text, headers: { 'content-type': 'application/json' } })
}

const refusedCount = { checkout: 0, webhook: 0 }

/**
 * Compares one body: refused by the spec's DTO, the sandbox sends the pipe's body; accepted,
 * the sandbox refuses it only as the pipe refuses it with the sandbox's own rules.
 */
async function compare(kind: 'checkout' | 'webhook', text: string): Promise<void> {
  const [path, spec, own]: [string, Dto, Dto] =
    kind === 'checkout'
      ? ['/api/checkout/payment', CheckoutPaymentDto, SandboxCheckoutRules]
      : ['/api/webhook', WebhookDto, SandboxWebhookRules]
  const expected = await pipeAnswer(text, spec)
  const reply = await sandboxAnswer(path, text)
  if (expected !== null) {
    refusedCount[kind] += 1
    expect({ status: reply.status, body: reply.json }, text.slice(0, 300)).toEqual({ status: 400, body: expected })
    return
  }
  const ownAnswer = (await pipeAnswer(text, own)) as { message: string[] } | null
  if (kind === 'checkout') {
    if (ownAnswer !== null) expect(reply.json, text.slice(0, 300)).toEqual(ownAnswer)
    else expect(reply.status, text.slice(0, 300)).toBe(201)
    return
  }
  // A webhook URL also meets the sandbox's own URL rules (src/sandbox/webhook-url.ts), in its own words.
  const messages = reply.status === 400 ? (reply.json as { message: string[] }).message : []
  expect(messages, text.slice(0, 300)).toEqual(expect.arrayContaining(ownAnswer?.message ?? []))
  for (const message of messages) expect(message).toMatch(/^url must |^connect must be a boolean value$/)
}

describe("the sandbox's validation is NestJS ValidationPipe's, message for message", () => {
  it.each(namedCheckoutBodies.map((body) => [JSON.stringify(body).slice(0, 90), JSON.stringify(body)]))(
    'checkout %s',
    async (_label, text) => {
      await compare('checkout', text)
    },
  )

  it.each(prototypeKeyTexts)('checkout with prototype keys %s', async (text) => {
    await compare('checkout', text)
  })

  it.each(namedWebhookBodies.map((body) => JSON.stringify(body)))('webhook %s', async (text) => {
    await compare('webhook', text)
  })

  it('checkout bodies from a seeded generator', async () => {
    await fc.assert(
      fc.asyncProperty(checkoutBody, async (body) => {
        await compare('checkout', JSON.stringify(body))
      }),
      { seed: 2121, numRuns: 150, verbose: true },
    )
  })

  it('webhook bodies from a seeded generator', async () => {
    await fc.assert(
      fc.asyncProperty(webhookBody, async (body) => {
        await compare('webhook', JSON.stringify(body))
      }),
      { seed: 2122, numRuns: 120, verbose: true },
    )
  })

  it('compared at least 60 refused checkout bodies and 20 refused webhook bodies', () => {
    expect(refusedCount.checkout).toBeGreaterThanOrEqual(60)
    expect(refusedCount.webhook).toBeGreaterThanOrEqual(20)
  })
})

describe("the issue's cases, in class-validator's words", () => {
  it.each([
    ['buyer@[127.0.0.1]', ['customerEmail must be an email']],
    ['buyer@example.c', ['customerEmail must be an email']],
  ])('customerEmail %s', async (customerEmail, messages) => {
    const reply = await sandboxAnswer('/api/checkout/payment', JSON.stringify({ ...validCheckout, customerEmail }))
    expect((reply.json as { message: unknown }).message).toEqual(messages)
  })

  it('products "abc" gets the three messages of the DTO', async () => {
    const reply = await sandboxAnswer('/api/checkout/payment', JSON.stringify({ ...validCheckout, products: 'abc' }))
    expect((reply.json as { message: unknown }).message).toEqual([
      'products should not be empty',
      'products must be an array',
      'each value in nested property products must be either object or array',
    ])
  })

  it.each([{}, { url: 42 }])('webhook %j: url must be a URL address', async (body) => {
    const reply = await sandboxAnswer('/api/webhook', JSON.stringify(body))
    expect((reply.json as { message: unknown }).message).toEqual(['url must be a URL address'])
  })
})
