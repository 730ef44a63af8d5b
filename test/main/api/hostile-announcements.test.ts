import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startHostileServer, type HostileServer } from '../../helpers/hostile-server'
import { clientFor, failureOf, testKey } from './client-fixture'

// Rate-limit headers a hostile or misconfigured service might send: a reset in ms where seconds
// are meant, a year-long reset. The app must neither stall with no word nor spin on a timer.

let hostile: HostileServer

beforeAll(async () => {
  hostile = await startHostileServer()
})
afterAll(async () => {
  await hostile.close()
})

const announcing = (...headers: string[]) => `/announce/200?${headers.map((h) => `h=${encodeURIComponent(h)}`).join('&')}`
const msReset = announcing('X-RateLimit-Limit: 10', 'X-RateLimit-Remaining: 0', 'X-RateLimit-Reset: 3600000')
const yearReset = announcing('RateLimit: "default";r=0;t=31000000')
const lookup = { method: 'GET', path: '/echo', priority: 'interactive' } as const
const tenMinutes = 600_000

/** Settles within `ms`, or says it did not (today's stall). */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => {
        reject(new Error(`still waiting after ${ms} ms`))
      }, ms),
    ),
  ])
}

describe('a reset far in the future', () => {
  it('answers the next lookup at once with the wait the service asked for, shows it as a pause, and can send it anyway', async () => {
    const { client, scheduler } = clientFor({ baseUrl: hostile.baseUrl, apiKey: testKey })
    await client.send({ ...lookup, path: msReset })
    const started = Date.now()
    const error = await within(1_000, failureOf(client.send(lookup)))
    expect(error.code).toBe('service-asked-to-wait')
    expect(error.message).toContain('the service asked to wait 600 s')
    expect(error.message).toContain('X-RateLimit-Reset: 3600000')
    const pause = scheduler.state().pause
    expect(pause).toMatchObject({ reason: 'quota', header: 'X-RateLimit-Reset: 3600000' })
    expect(pause?.until ?? 0).toBeLessThanOrEqual(started + tenMinutes + 1_000)
    expect(scheduler.state().pausedUntil).toBe(pause?.until)
    // Sent anyway, it goes at once.
    expect(await within(1_000, client.send({ ...lookup, sendAnyway: true }))).toEqual({ ok: true })
  })

  it('holds batch work no longer than the cap, and sets no timer it cannot hold (no 1 ms timer storm)', async () => {
    const { client, scheduler } = clientFor({ baseUrl: hostile.baseUrl, apiKey: testKey })
    await client.send({ ...lookup, path: yearReset })
    const abort = new AbortController()
    const spy = vi.spyOn(globalThis, 'setTimeout')
    try {
      const waiting = client.send({ ...lookup, priority: 'batch', signal: abort.signal })
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      // A timer past setTimeout's 24.8 days fires after 1 ms, and the scheduler sets it again, and again.
      expect(spy.mock.calls.length).toBeLessThan(20)
      abort.abort()
      expect((await failureOf(waiting)).code).toBe('cancelled')
    } finally {
      spy.mockRestore()
    }
    const state = scheduler.state()
    expect(state.pause).toMatchObject({ reason: 'quota', header: 'RateLimit: "default";r=0;t=31000000' })
    expect(state.pausedUntil ?? Infinity).toBeLessThanOrEqual(Date.now() + tenMinutes)
  })
})
