import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closedPort, startHostileServer, type HostileServer } from '../../helpers/hostile-server'
import { clientFor, expectNoKey, failureOf, testKey, timed } from './client-fixture'

// No answer, a slow answer, no server, no such host: each ends in a typed error
// within the timeout, never a hang.

const timeoutMs = 800
/** Event-loop and connection slack on a loaded machine; far less than a second attempt. */
const marginMs = 600

let hostile: HostileServer

beforeAll(async () => {
  hostile = await startHostileServer()
})
afterAll(async () => {
  await hostile.close()
})

function client() {
  return clientFor({ baseUrl: hostile.baseUrl, apiKey: testKey }, { timeoutMs })
}

describe('a server that never answers', () => {
  it("a GET ends in 'timeout' once the timeout passes, saying how long it waited", async () => {
    const { client: api, log } = client()
    const { ms, result: error } = await timed(() => failureOf(api.send({ method: 'GET', path: '/hang/get', priority: 'interactive' })))
    expect(error.code).toBe('timeout')
    expect(error.message).toContain('did not answer within 0.8 s')
    expect(ms).toBeGreaterThanOrEqual(timeoutMs - 5)
    expect(ms).toBeLessThan(timeoutMs + marginMs)
    expect(log.snapshot().map((e) => [e.status, e.errorCode])).toEqual([[null, 'timeout']])
  })

  it('a POST says it may have been carried out, and is not retried', async () => {
    const { client: api, log } = client()
    const { ms, result: error } = await timed(() =>
      failureOf(api.send({ method: 'POST', path: '/hang/post', body: { a: 1 }, priority: 'interactive' })),
    )
    expect(error.code).toBe('outcome-unknown')
    expect(error.message).toContain('0.8 s')
    expect(error.message).toContain('not retried')
    expect(error.message).toContain('duplicate')
    expect(ms).toBeLessThan(timeoutMs + marginMs)
    expect(log.snapshot()).toHaveLength(1)
  })
})

describe('a body that trickles in a byte a second', () => {
  // The headers come at once: a timeout that stopped at the headers would wait 1000 s here.
  it('a GET still times out on the whole answer', async () => {
    const { client: api, log } = client()
    const { ms, result: error } = await timed(() => failureOf(api.send({ method: 'GET', path: '/trickle/get', priority: 'interactive' })))
    expect(error.code).toBe('timeout')
    expect(ms).toBeLessThan(timeoutMs + marginMs)
    expect(log.snapshot()).toHaveLength(1)
  })

  it('a POST times out the same way and warns of a duplicate', async () => {
    const { client: api } = client()
    const { ms, result: error } = await timed(() =>
      failureOf(api.send({ method: 'POST', path: '/trickle/post', body: {}, priority: 'interactive' })),
    )
    expect(error.code).toBe('outcome-unknown')
    expect(error.message).toContain('duplicate')
    expect(ms).toBeLessThan(timeoutMs + marginMs)
  })
})

describe('a host name that resolves nowhere', () => {
  it("ends in 'network', naming the host and pointing to Settings", async () => {
    const { client: api, log } = clientFor({ baseUrl: 'https://payments.example.invalid', apiKey: testKey }, { timeoutMs })
    const error = await failureOf(api.send({ method: 'GET', path: '/api/payment/pay_1', priority: 'interactive' }))
    expect(error.code).toBe('network')
    expect(error.message).toContain('payments.example.invalid')
    expect(error.message).toMatch(/Settings|internet connection/)
    expect(log.snapshot().every((e) => e.status === null && e.errorCode === 'network')).toBe(true)
    expectNoKey(testKey, error, log.snapshot())
  })
})

describe('a port nobody listens on', () => {
  it('a GET is retried, then says the connection was refused', async () => {
    const port = await closedPort()
    const { client: api, log } = clientFor({ baseUrl: `http://127.0.0.1:${port}`, apiKey: testKey }, { timeoutMs })
    const error = await failureOf(api.send({ method: 'GET', path: '/api/payment/pay_1', priority: 'interactive' }))
    expect(error.code).toBe('network')
    expect(error.message).toContain(`127.0.0.1:${port}`)
    expect(error.message).toContain('refused the connection')
    expect(log.snapshot().map((e) => [e.attempt, e.status, e.errorCode])).toEqual([
      [1, null, 'network'],
      [2, null, 'network'],
      [3, null, 'network'],
      [4, null, 'network'],
    ])
  })

  it('a POST is refused plainly: nothing was sent, so no duplicate warning', async () => {
    const port = await closedPort()
    const { client: api, log } = clientFor({ baseUrl: `http://127.0.0.1:${port}`, apiKey: testKey }, { timeoutMs })
    const error = await failureOf(api.send({ method: 'POST', path: '/api/checkout/payment', body: {}, priority: 'interactive' }))
    expect(error.code).toBe('network')
    expect(error.message).toContain('refused the connection')
    expect(error.message).not.toContain('duplicate')
    expect(log.snapshot()).toHaveLength(1)
  })
})
