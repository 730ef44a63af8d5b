import { afterAll, beforeAll, expect, it } from 'vitest'
import { startHostileServer, type HostileServer } from '../../helpers/hostile-server'
import { waitFor } from '../../helpers/wait-for'
import { clientFor, failureOf, testKey, timed } from './client-fixture'

// An AbortSignal ends a request at once with 'cancelled', wherever it is: in flight,
// waiting its turn in the scheduler, or waiting out a Retry-After.

let hostile: HostileServer

beforeAll(async () => {
  hostile = await startHostileServer()
})
afterAll(async () => {
  await hostile.close()
})

function received(path: string): number {
  return hostile.requests.filter((request) => request.path === path).length
}

it('cancels a request in flight, long before its timeout', async () => {
  const { client, log } = clientFor({ baseUrl: hostile.baseUrl, apiKey: testKey }, { timeoutMs: 10_000 })
  const controller = new AbortController()
  const pending = failureOf(client.send({ method: 'GET', path: '/hang/in-flight', priority: 'interactive', signal: controller.signal }))
  await waitFor(() => received('/hang/in-flight') === 1, { what: 'the request to reach the server' })
  const { ms, result: error } = await timed(() => {
    controller.abort()
    return pending
  })
  expect(error.code).toBe('cancelled')
  expect(error.message).toMatch(/cancelled/)
  expect(ms).toBeLessThan(500)
  expect(log.snapshot().map((e) => [e.status, e.errorCode])).toEqual([[null, 'cancelled']])
})

it('cancels a request still waiting in the scheduler: it is never sent', async () => {
  const { client, log, scheduler } = clientFor(
    { baseUrl: hostile.baseUrl, apiKey: testKey },
    { timeoutMs: 10_000, scheduler: { concurrency: 1 } },
  )
  const first = new AbortController()
  const second = new AbortController()
  const blocking = failureOf(client.send({ method: 'GET', path: '/hang/blocking', priority: 'interactive', signal: first.signal }))
  await waitFor(() => received('/hang/blocking') === 1, { what: 'the first request to reach the server' })
  const queued = failureOf(client.send({ method: 'GET', path: '/echo/queued', priority: 'interactive', signal: second.signal }))
  await waitFor(() => scheduler.state().queued.total === 1, { what: 'the second request to queue' })
  second.abort()
  const error = await queued
  expect(error.code).toBe('cancelled')
  expect(error.message).toContain('before it was sent')
  expect(scheduler.state().queued.total).toBe(0)
  first.abort()
  await blocking
  expect(received('/echo/queued')).toBe(0)
  expect(log.snapshot().map((e) => e.path)).toEqual(['/hang/blocking'])
})

it('cancels a request waiting out a Retry-After, without sending it again', async () => {
  const { client, log } = clientFor({ baseUrl: hostile.baseUrl, apiKey: testKey })
  const controller = new AbortController()
  const path = '/status/429?retry-after=30'
  const pending = failureOf(client.send({ method: 'GET', path, priority: 'batch', signal: controller.signal }))
  await waitFor(() => log.snapshot().some((e) => e.rateLimited), { what: 'the 429' })
  const { ms, result: error } = await timed(() => {
    controller.abort()
    return pending
  })
  expect(error.code).toBe('cancelled')
  expect(ms).toBeLessThan(500)
  expect(received(path)).toBe(1)
  expect(log.snapshot()).toHaveLength(1)
})

it('does not send a request whose signal is already aborted', async () => {
  const { client, log } = clientFor({ baseUrl: hostile.baseUrl, apiKey: testKey })
  const error = await failureOf(
    client.send({ method: 'GET', path: '/echo/pre-aborted', priority: 'interactive', signal: AbortSignal.abort() }),
  )
  expect(error.code).toBe('cancelled')
  expect(received('/echo/pre-aborted')).toBe(0)
  expect(log.snapshot()).toEqual([])
})
