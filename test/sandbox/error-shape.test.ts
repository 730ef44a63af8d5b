import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
import { rawExchange, rawRequest, type RawReply } from '../helpers/raw-http'
import { call, expectError, expectErrorBody } from '../helpers/sandbox-client'

// Whatever a client sends, the answer is the service's JSON error body: never HTML,
// never a stack trace, never a 500 for input the client got wrong.

let sandbox: RunningSandbox

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: { rate: 0 } })
})
afterAll(() => sandbox.close())

function expectRawError(reply: RawReply, status: number, message?: string | string[] | RegExp): void {
  const contentType = reply.headers['content-type']
  expectErrorBody({ status: reply.status, text: reply.text, contentType }, status, message)
}

const oneMegabyte = 1024 * 1024
const hugeJson = `{"products":[],"padding":"${'x'.repeat(oneMegabyte + 10)}"}`

describe('unknown routes and methods', () => {
  it.each([
    ['GET', '/'],
    ['GET', '/api'],
    ['GET', '/api/payments'],
    ['GET', '/api/payment'],
    ['POST', '/api/payment/pay_seed_card_declined'],
    ['DELETE', '/api/payment/pay_seed_card_declined'],
    ['GET', '/api/checkout/payment'],
    ['PUT', '/api/webhook'],
    ['GET', '/sandbox/nothing-here'],
    ['GET', '/favicon.ico'],
  ])('%s %s is a JSON 404 that names the route', async (method, path) => {
    const reply = await call(sandbox, method, path)
    expectError(reply, 404, `Cannot ${method} ${path}`)
  })

  it('answers 404 the same way without a key', async () => {
    expectError(await call(sandbox, 'GET', '/api/nothing', { key: null }), 404, 'Cannot GET /api/nothing')
  })

  it('keeps the echoed path short', async () => {
    const path = `/api/${'a'.repeat(5_000)}`
    const reply = await call(sandbox, 'GET', path)
    expectError(reply, 404)
    expect(reply.text.length).toBeLessThan(400)
  })

  it('has a health check that needs no key', async () => {
    const reply = await call(sandbox, 'GET', '/health', { key: null })
    expect(reply.status).toBe(200)
    expect(reply.json).toEqual({ status: 'ok' })
  })
})

describe('bodies the server cannot use', () => {
  it.each([
    ['not JSON at all', 'hello', 'Request body is not valid JSON'],
    ['truncated JSON', '{"url": "https://exa', 'Request body is not valid JSON'],
    ['JSON with a trailing comma', '{"url": "https://example.com",}', 'Request body is not valid JSON'],
    ['a JSON array', '[{"url": "https://example.com"}]', 'Request body must be a JSON object'],
    ['a JSON string', '"https://example.com"', 'Request body must be a JSON object'],
    ['JSON null', 'null', 'Request body must be a JSON object'],
    ['an empty body', '', 'Request body is empty: expected a JSON object'],
    ['only whitespace', ' \n ', 'Request body is empty: expected a JSON object'],
  ])('POST /api/webhook with %s is 400 with a clear message', async (_name, rawBody, message) => {
    const reply = await call(sandbox, 'POST', '/api/webhook', { rawBody, headers: { 'content-type': 'application/json' } })
    expectError(reply, 400, message)
  })

  it('answers bytes that are not UTF-8 with 400, not 500', async () => {
    const reply = await rawRequest(sandbox.baseUrl, {
      method: 'POST',
      path: '/api/checkout/payment',
      headers: { 'x-service-api-key': sandbox.apiKey, 'content-type': 'application/json' },
      body: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
    })
    expectRawError(reply, 400, 'Request body is not valid JSON')
  })

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/json'])(
    'refuses Content-Type %s with 400 and says what to send',
    async (contentType) => {
      const reply = await call(sandbox, 'POST', '/api/checkout/payment', {
        rawBody: '{"currency":"EUR"}',
        headers: { 'content-type': contentType },
      })
      expectError(reply, 400, 'Request body is not JSON: send a JSON object with Content-Type: application/json')
    },
  )

  it('accepts application/json with a charset parameter', async () => {
    const reply = await call(sandbox, 'POST', '/api/webhook', {
      rawBody: JSON.stringify({ url: 'https://127.0.0.1:9/hooks' }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    })
    expect(reply.status).toBe(201)
  })

  it('answers a body over 1 MiB with 413', async () => {
    const reply = await call(sandbox, 'POST', '/api/checkout/payment', {
      rawBody: hugeJson,
      headers: { 'content-type': 'application/json' },
    })
    expectError(reply, 413, `Request body is larger than ${oneMegabyte} bytes`)
  })

  it('answers a chunked body over 1 MiB with 413 and keeps serving', async () => {
    const reply = await rawRequest(sandbox.baseUrl, {
      method: 'POST',
      path: '/api/checkout/payment',
      headers: { 'x-service-api-key': sandbox.apiKey, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: hugeJson,
      chunked: true,
    })
    expectRawError(reply, 413, `Request body is larger than ${oneMegabyte} bytes`)
    expect((await call(sandbox, 'GET', '/health')).status).toBe(200)
  })

  it('answers a body of exactly 1 MiB by reading it', async () => {
    const exact = `{"url":"${'x'.repeat(oneMegabyte - 10)}"}`
    expect(Buffer.byteLength(exact)).toBe(oneMegabyte)
    const reply = await call(sandbox, 'POST', '/api/webhook', { rawBody: exact, headers: { 'content-type': 'application/json' } })
    expectError(reply, 400, ['url must be a URL address'])
  })

  it('survives deeply nested JSON', async () => {
    const nested = `{"products":${'['.repeat(200_000)}${']'.repeat(200_000)}}`
    const reply = await call(sandbox, 'POST', '/api/checkout/payment', { rawBody: nested, headers: { 'content-type': 'application/json' } })
    expectError(reply, 400, 'Request body is nested more than 32 levels deep')
  })
})

describe('requests Node refuses before routing', () => {
  it('answers oversized headers with a JSON 431', async () => {
    const reply = await rawRequest(sandbox.baseUrl, {
      path: '/api/payment/pay_seed_card_declined',
      headers: { 'x-service-api-key': sandbox.apiKey, 'x-padding': 'a'.repeat(20_000) },
    })
    expectRawError(reply, 431, 'Request headers are too large')
  })

  it('answers a path too long for the header limit with a JSON 431', async () => {
    const reply = await rawRequest(sandbox.baseUrl, {
      path: `/api/payment/${'a'.repeat(20_000)}`,
      headers: { 'x-service-api-key': sandbox.apiKey },
    })
    expectRawError(reply, 431)
  })

  it.each([
    ['a garbage request line', 'HELLO THERE\r\n\r\n'],
    ['a bad Content-Length', 'POST /api/webhook HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}'],
    ['a header without a colon', 'GET /health HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n\r\n'],
  ])('answers %s with a JSON 400', async (_name, request) => {
    const response = await rawExchange(sandbox.baseUrl, request)
    const [head = '', body = ''] = response.split('\r\n\r\n')
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    expect(head).toMatch(/\r\nContent-Type: application\/json/i)
    expect(JSON.parse(body)).toEqual({ statusCode: 400, message: 'Malformed HTTP request', error: 'Bad Request' })
  })

  it('is still serving after all of the above', async () => {
    expect((await call(sandbox, 'GET', '/api/payment/pay_seed_card_declined')).status).toBe(200)
  })
})
