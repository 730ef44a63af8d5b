import { wordsFor } from '../../../src/shared/error-words'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { giganticBytes, startHostileServer, type HostileServer } from '../../helpers/hostile-server'
import { waitFor } from '../../helpers/wait-for'
import { clientFor, expectNoKey, failureOf, testKey } from './client-fixture'

// Answers no spec-following service sends, from a proxy, a portal or a hostile host:
// each must end as a typed error a support agent can read, in bounded memory.

const MB = 1024 * 1024

let hostile: HostileServer

beforeAll(async () => {
  hostile = await startHostileServer()
})
afterAll(async () => {
  await hostile.close()
})

function client(overrides: Parameters<typeof clientFor>[1] = {}) {
  return clientFor({ baseUrl: hostile.baseUrl, apiKey: testKey }, overrides)
}

/**
 * Peak growth while `work` runs, sampled every few ms: of the resident set, and of live
 * JS heap plus buffers. rss is coarse (the young generation alone moves it ~15 MB and
 * retained pages hide a second spike); what is held live is the sharp measure.
 */
async function peakMemoryGrowth<T>(work: () => Promise<T>): Promise<{ rss: number; held: number; result: T }> {
  const live = () => {
    const usage = process.memoryUsage()
    return { rss: usage.rss, held: usage.heapUsed + usage.external }
  }
  const base = live()
  const peak = { rss: 0, held: 0 }
  const measure = () => {
    const now = live()
    peak.rss = Math.max(peak.rss, now.rss - base.rss)
    peak.held = Math.max(peak.held, now.held - base.held)
  }
  const sample = setInterval(measure, 2)
  try {
    const result = await work()
    measure()
    return { ...peak, result }
  } finally {
    clearInterval(sample)
  }
}

/** Far below the 50 MB body: a client that buffered it all measured 25 MB or more held live. */
function expectBoundedMemory(growth: { rss: number; held: number }): void {
  expect(growth.held).toBeLessThan(16 * MB)
  expect(growth.rss).toBeLessThan(40 * MB)
}

describe('a gigantic body', () => {
  it.each([
    ['with its Content-Length', '/gigantic'],
    ['streamed with no length', '/gigantic-chunked'],
  ])('%s: refused after the limit, in bounded memory, and the download stops', async (_name, path) => {
    const { client: api, log } = client()
    const { result: error, ...growth } = await peakMemoryGrowth(() => failureOf(api.send({ method: 'GET', path, priority: 'interactive' })))
    expect(error.code).toBe('response-too-large')
    expect(error.message).toContain('2 MB')
    expect(error.message).toContain('Settings')
    expectBoundedMemory(growth)
    const record = hostile.streams.find((s) => s.path === path)
    await waitFor(() => record?.closed, { what: 'the client to hang up' })
    expect(record?.completed).toBe(false)
    expect(record?.bytesSent).toBeLessThan(giganticBytes / 2)
    // Not worth asking again: a retry would download the same thing.
    expect(log.snapshot().map((e) => [e.status, e.errorCode])).toEqual([[200, 'response-too-large']])
  })

  it('a small gzip that inflates to 50 MB is cut off at the limit too', async () => {
    const { client: api } = client()
    const { result: error, ...growth } = await peakMemoryGrowth(() =>
      failureOf(api.send({ method: 'GET', path: '/gzip-bomb', priority: 'interactive' })),
    )
    expect(error.code).toBe('response-too-large')
    expectBoundedMemory(growth)
  })
})

describe('bodies that are not the JSON the spec promises', () => {
  it('invalid UTF-8 is reported as unreadable text', async () => {
    const error = await failureOf(client().client.send({ method: 'GET', path: '/invalid-utf8', priority: 'interactive' }))
    expect(error.code).toBe('invalid-response')
    expect(error.message).toContain('UTF-8')
  })

  it('an HTML error page: a GET is retried, then told apart from a service error', async () => {
    const { client: api, log } = client()
    const error = await failureOf(api.send({ method: 'GET', path: '/html/502', priority: 'interactive' }))
    expect(error.code).toBe('invalid-response')
    expect(error.message).toContain('HTML page')
    expect(error.message).toContain('502')
    expect(log.snapshot()).toHaveLength(4)
  })

  it('an HTML page with 200 (a captive portal) is not mistaken for data', async () => {
    const error = await failureOf(client().client.send({ method: 'GET', path: '/html/200', priority: 'interactive' }))
    expect(error.code).toBe('invalid-response')
    expect(error.message).toContain('HTML page')
  })

  it('an empty 200 is reported as an empty response', async () => {
    const error = await failureOf(client().client.send({ method: 'GET', path: '/empty/200', priority: 'interactive' }))
    expect(error.code).toBe('invalid-response')
    expect(error.message).toContain('empty response')
  })

  it('an empty 401 is still a key problem, pointing to Settings', async () => {
    const error = await failureOf(client().client.send({ method: 'GET', path: '/empty/401', priority: 'interactive' }))
    expect(error.code).toBe('unauthorized')
    // The message says what happened; the error box adds the vocabulary's next step.
    expect(wordsFor(error.code).action).toContain('Settings')
  })

  it('an error body with the wrong types is not passed off as the service speaking', async () => {
    const error = await failureOf(client().client.send({ method: 'POST', path: '/wrong-types/400', body: {}, priority: 'interactive' }))
    expect(error.code).toBe('invalid-response')
    expect(error.message).toContain('HTTP 400')
    expect(error.message).not.toContain('not JSON')
    expect(error.details).toBeUndefined()
  })

  it.each([
    [401, 'unauthorized'],
    [404, 'not-found'],
  ])('a %i with a wrong-typed body keeps its meaning', async (status, code) => {
    const error = await failureOf(client().client.send({ method: 'GET', path: `/wrong-types/${status}`, priority: 'interactive' }))
    expect(error.code).toBe(code)
    expect(error.message).not.toMatch(/42|false|\[object/)
  })
})

describe('a POST the service accepted but whose answer cannot be read', () => {
  it.each([
    ['an empty 200', '/empty/200'],
    ['an HTML 200', '/html/200'],
    ['invalid UTF-8', '/invalid-utf8'],
  ])('%s: warns of a duplicate instead of inviting a retry', async (_name, path) => {
    const { client: api, log } = client()
    const error = await failureOf(api.send({ method: 'POST', path, body: { a: 1 }, priority: 'interactive' }))
    expect(error.code).toBe('outcome-unknown')
    expect(error.message).toContain('not retried')
    expect(error.message).toContain('duplicate')
    expect(log.snapshot()).toHaveLength(1)
  })

  it('an HTML 502 from a proxy: may have been processed, so not retried', async () => {
    const { client: api, log } = client()
    const error = await failureOf(api.send({ method: 'POST', path: '/html/502', body: {}, priority: 'interactive' }))
    expect(error.code).toBe('outcome-unknown')
    expect(error.message).toContain('duplicate')
    expect(log.snapshot()).toHaveLength(1)
  })
})

describe('a connection reset after the headers', () => {
  it('a GET is retried, then reports a cut connection', async () => {
    const { client: api, log } = client()
    const error = await failureOf(api.send({ method: 'GET', path: '/reset-after-headers', priority: 'interactive' }))
    expect(error.code).toBe('network')
    expect(error.message).toContain('cut')
    expect(log.snapshot().map((e) => e.errorCode)).toEqual(['network', 'network', 'network', 'network'])
    expectNoKey(testKey, error, log.snapshot())
  })

  it('a POST is not retried and warns of a duplicate', async () => {
    const { client: api, log } = client()
    const error = await failureOf(api.send({ method: 'POST', path: '/reset-after-headers', body: {}, priority: 'interactive' }))
    expect(error.code).toBe('outcome-unknown')
    expect(error.message).toContain('duplicate')
    expect(log.snapshot()).toHaveLength(1)
  })
})
