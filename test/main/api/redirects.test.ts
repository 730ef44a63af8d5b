import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startHostileServer, startRecordingServer, type HostileServer, type RecordingServer } from '../../helpers/hostile-server'
import { clientFor, expectNoKey, failureOf, testKey } from './client-fixture'

// fetch keeps custom headers across a cross-origin redirect: following one would hand
// the private key to whatever host the Location names. The client never follows.

let trap: RecordingServer
let hostile: HostileServer

beforeAll(async () => {
  trap = await startRecordingServer()
  hostile = await startHostileServer({ redirectTo: trap.baseUrl })
})
afterAll(async () => {
  await Promise.all([hostile.close(), trap.close()])
})
beforeEach(() => {
  trap.requests.length = 0
})

function trapSawKey(): boolean {
  return trap.requests.some((request) => request.headers['x-service-api-key'] !== undefined)
}

describe('a redirect to another host', () => {
  it.each([301, 302, 303, 307, 308])("a GET answered %i: 'redirect-refused', and the other host hears nothing", async (status) => {
    const { client, log } = clientFor({ baseUrl: hostile.baseUrl, apiKey: testKey })
    const error = await failureOf(client.send({ method: 'GET', path: `/redirect/${status}/api/payment/pay_1`, priority: 'interactive' }))
    expect(error.code).toBe('redirect-refused')
    expect(error.message).toContain(new URL(trap.baseUrl).host)
    expect(error.message).toContain('Settings')
    expect(trap.requests).toEqual([])
    expect(log.snapshot().map((e) => [e.status, e.errorCode])).toEqual([[status, 'redirect-refused']])
    expectNoKey(testKey, error, log.snapshot())
  })

  it.each([307, 308])('a POST answered %i (which asks to resend the body) is not resent anywhere', async (status) => {
    const { client, log } = clientFor({ baseUrl: hostile.baseUrl, apiKey: testKey })
    const error = await failureOf(
      client.send({
        method: 'POST',
        path: `/redirect/${status}/api/webhook`,
        body: { url: 'https://hooks.example.com' },
        priority: 'interactive',
      }),
    )
    expect(error.code).toBe('redirect-refused')
    expect(trapSawKey()).toBe(false)
    expect(trap.requests).toEqual([])
    expect(log.snapshot()).toHaveLength(1)
  })
})
