import { defaultAccount } from '../../../src/shared/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApiClient, defaultTimeoutMs } from '../../../src/main/api/api-client'
import { RequestLog } from '../../../src/main/request-log/request-log'
import { createScheduler } from '../../../src/main/scheduler/scheduler'
import { startHostileServer, type HostileServer } from '../../helpers/hostile-server'
import { clientFor, expectNoKey, failureOf, testKey } from './client-fixture'

// What goes out on the wire: base URL, the spec's three headers, the JSON body.

let hostile: HostileServer

beforeAll(async () => {
  hostile = await startHostileServer()
})
afterAll(async () => {
  await hostile.close()
})

function lastRequest() {
  const request = hostile.requests.at(-1)
  if (!request) throw new Error('the server received nothing')
  return request
}

describe('headers and body', () => {
  it("a GET carries the key and the spec's JSON headers", async () => {
    const { client } = clientFor({ baseUrl: hostile.baseUrl, apiKey: testKey })
    await expect(client.send({ method: 'GET', path: '/echo/get', priority: 'interactive' })).resolves.toEqual({ ok: true })
    const { method, path, headers } = lastRequest()
    expect([method, path]).toEqual(['GET', '/echo/get'])
    expect(headers['x-service-api-key']).toBe(testKey)
    expect(headers['content-type']).toBe('application/json')
    expect(headers.accept).toBe('application/json')
  })

  it('a POST sends its body as JSON, once', async () => {
    const { client } = clientFor({ baseUrl: hostile.baseUrl, apiKey: testKey })
    const body = { url: 'https://hooks.example.com/in', note: 'ünïcode ✓' }
    const before = hostile.requests.length
    await client.send({ method: 'POST', path: '/echo/post', body, priority: 'interactive' })
    expect(hostile.requests.length).toBe(before + 1)
    const request = lastRequest()
    expect(request.method).toBe('POST')
    expect(request.headers['x-service-api-key']).toBe(testKey)
    expect(request.headers['content-type']).toBe('application/json')
    expect(JSON.parse(request.body)).toEqual(body)
  })

  it('an encoded ID stays one path segment', async () => {
    const { client } = clientFor({ baseUrl: hostile.baseUrl, apiKey: testKey })
    await client.send({ method: 'GET', path: `/echo/${encodeURIComponent('pay/../x y')}`, priority: 'interactive' })
    expect(lastRequest().path).toBe('/echo/pay%2F..%2Fx%20y')
  })
})

describe('base URL', () => {
  it('joins a base URL with a trailing slash without doubling it', async () => {
    const { client } = clientFor({ baseUrl: `${hostile.baseUrl}/`, apiKey: testKey })
    await client.send({ method: 'GET', path: '/echo/slash', priority: 'interactive' })
    expect(lastRequest().path).toBe('/echo/slash')
  })

  it('accepts plain http on loopback by name', async () => {
    const port = new URL(hostile.baseUrl).port
    const { client } = clientFor({ baseUrl: `http://localhost:${port}`, apiKey: testKey })
    await expect(client.send({ method: 'GET', path: '/echo/localhost', priority: 'interactive' })).resolves.toEqual({ ok: true })
  })

  it('refuses plain http to another machine before anything is sent', async () => {
    const spy = vi.fn(fetch)
    const { client, log } = clientFor({ baseUrl: 'http://payments.example.invalid', apiKey: testKey }, { fetch: spy })
    const error = await failureOf(client.send({ method: 'GET', path: '/api/payment/pay_1', priority: 'interactive' }))
    expect(error.code).toBe('invalid-url')
    expect(error.message).toContain('https://')
    expect(error.message).toContain('Settings')
    expect(spy).not.toHaveBeenCalled()
    expect(log.snapshot()).toHaveLength(1)
    expectNoKey(testKey, error, log.snapshot())
  })

  it('sends https to another machine (here: a name that resolves nowhere)', async () => {
    const { client } = clientFor({ baseUrl: 'https://payments.example.invalid', apiKey: testKey })
    const error = await failureOf(client.send({ method: 'GET', path: '/api/payment/pay_1', priority: 'interactive' }))
    expect(error.code).toBe('network')
  })

  it('reads the connection for each attempt, with the environment the request names', async () => {
    const { client, connectionsAsked } = clientFor({ baseUrl: hostile.baseUrl, apiKey: testKey })
    await client.send({ method: 'GET', path: '/flaky/1/503/env', priority: 'interactive', environment: 'production' })
    await client.send({ method: 'GET', path: '/echo/active', priority: 'batch' })
    expect(connectionsAsked).toEqual(['production', 'production', undefined])
  })
})

describe('timeout', () => {
  it('defaults to 15 s per attempt, and gives up then with a timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      // A service that never answers: only the client's own timeout can end the wait.
      const silent = ((_url: URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            reject(init.signal?.reason as Error)
          })
        })) as typeof fetch
      const client = createApiClient({
        scheduler: createScheduler(),
        log: new RequestLog(),
        connection: () =>
          Promise.resolve({ environment: 'local', account: { ...defaultAccount }, baseUrl: hostile.baseUrl, apiKey: testKey }),
        fetch: silent,
      })
      let settled: unknown = 'pending'
      const sent = client
        .send({ method: 'GET', path: '/echo/default-timeout', priority: 'interactive' })
        .catch((error: unknown) => (settled = error))
      await vi.advanceTimersByTimeAsync(14_999)
      expect(settled).toBe('pending')
      await vi.advanceTimersByTimeAsync(1)
      await sent
      expect(defaultTimeoutMs).toBe(15_000)
      expect(settled).toMatchObject({ code: 'timeout', message: 'The service did not answer within 15 s.' })
    } finally {
      vi.useRealTimers()
    }
  })
})
