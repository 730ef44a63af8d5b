import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type Faults, type RunningSandbox, type SandboxOptions } from '../../src/sandbox'
import { rawRequest } from '../helpers/raw-http'
import { apiClient, expectError, type ApiClient } from '../helpers/sandbox-client'

let sandbox: RunningSandbox
let api: ApiClient

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: { rate: 0 } })
  api = apiClient(sandbox)
})
beforeEach(async () => {
  await api.post('/sandbox/reset')
})
afterAll(() => sandbox.close())

async function setFaults(faults: Partial<Faults>): Promise<void> {
  const reply = await api.put('/sandbox/faults', faults)
  expect(reply.status, reply.text).toBe(200)
}

/** One lookup on its own connection, summed up as what a client would see. */
async function outcome(target: RunningSandbox): Promise<string> {
  try {
    const reply = await rawRequest(target.baseUrl, {
      path: '/api/payment/pay_seed_card_declined',
      headers: { 'x-service-api-key': target.apiKey },
    })
    return `${reply.status} ${reply.headers['content-type'] ?? 'no type'} ${reply.text.length > 0 ? reply.text.slice(0, 12) : 'empty'}`
  } catch (error) {
    return `no answer: ${(error as NodeJS.ErrnoException).code ?? String(error)}`
  }
}

async function expectAdminStillWorks(): Promise<void> {
  expect((await api.get('/sandbox/state')).status).toBe(200)
  expect((await api.get('/sandbox/payments')).json).toHaveLength(24)
  expect((await api.post('/sandbox/payments/pay_seed_pending_1/settle')).status).toBe(200)
  expect((await api.get('/health')).status).toBe(200)
}

describe('fault injection', () => {
  it('is off by default', async () => {
    for (let i = 0; i < 10; i++) expect((await api.get('/api/payment/pay_seed_card_declined')).status).toBe(200)
  })

  it('errorRate 1: every API request is a 500 in the service shape, and nothing is done', async () => {
    await setFaults({ errorRate: 1 })
    expectError(await api.get('/api/payment/pay_seed_card_declined'), 500, 'Internal server error')
    const created = await api.post('/api/webhook', { url: 'http://127.0.0.1:9/' })
    expectError(created, 500, 'Internal server error')
    expect((await api.get('/sandbox/webhooks')).json).toEqual([])
    await expectAdminStillWorks()
  })

  it('resetRate 1: the connection is cut without an answer', async () => {
    await setFaults({ resetRate: 1 })
    expect(await outcome(sandbox)).toBe('no answer: ECONNRESET')
    await expect(
      fetch(`${sandbox.baseUrl}/api/payment/pay_seed_card_declined`, { headers: { 'x-service-api-key': sandbox.apiKey } }),
    ).rejects.toThrow(TypeError)
    await expectAdminStillWorks()
  })

  it('malformedRate 1: answers that are not the service JSON, in rotation', async () => {
    await setFaults({ malformedRate: 1 })
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await outcome(sandbox))
    expect(answers).toEqual([
      '502 text/html <html><head>',
      '200 application/json {"id":"pay_',
      '200 application/json empty',
      '503 text/plain upstream con',
      '502 text/html <html><head>',
    ])
    const reply = await api.get('/api/payment/pay_seed_card_declined')
    expect(reply.json).toBeUndefined()
    await expectAdminStillWorks()
  })

  it('latencyMs delays API answers but not admin ones', async () => {
    await setFaults({ latencyMs: 300 })
    let started = performance.now()
    expect((await api.get('/api/payment/pay_seed_card_declined')).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(295)
    started = performance.now()
    expect((await api.get('/sandbox/state')).status).toBe(200)
    expect(performance.now() - started).toBeLessThan(250)
  })

  it('latencyJitterMs adds up to that much more', async () => {
    await setFaults({ latencyMs: 50, latencyJitterMs: 100 })
    for (let i = 0; i < 3; i++) {
      const started = performance.now()
      await api.get('/api/payment/pay_seed_card_declined')
      const elapsed = performance.now() - started
      expect(elapsed).toBeGreaterThanOrEqual(45)
      expect(elapsed).toBeLessThan(1_000)
    }
  })

  it('checks the key before rolling the dice', async () => {
    await setFaults({ errorRate: 1 })
    expectError(await api.get('/api/payment/pay_seed_card_declined', { key: 'service_pub_prod_x' }), 401)
  })

  it('turning faults off restores normal answers, and the stats count what happened', async () => {
    await setFaults({ errorRate: 1 })
    await api.get('/api/payment/pay_seed_card_declined')
    await setFaults({ errorRate: 0, resetRate: 1 })
    await outcome(sandbox)
    await setFaults({ resetRate: 0, malformedRate: 1 })
    await outcome(sandbox)
    await setFaults({ malformedRate: 0 })
    const reply = await api.get('/api/payment/pay_seed_card_declined')
    expect(reply.status).toBe(200)
    expect(reply.json).toMatchObject({ id: 'pay_seed_card_declined' })
    expect((await api.get('/sandbox/state')).json).toMatchObject({ stats: { requests: 4, faults: { error: 1, reset: 1, malformed: 1 } } })
  })

  it('a reset turns faults off again', async () => {
    await setFaults({ errorRate: 1 })
    await api.post('/sandbox/reset')
    expect((await api.get('/api/payment/pay_seed_card_declined')).status).toBe(200)
  })
})

describe('randomSeed', () => {
  const mixed: SandboxOptions = { rateLimit: { rate: 0 }, faults: { errorRate: 0.25, resetRate: 0.25, malformedRate: 0.25 } }

  async function run(target: RunningSandbox, count = 24): Promise<string[]> {
    const outcomes: string[] = []
    for (let i = 0; i < count; i++) outcomes.push(await outcome(target))
    return outcomes
  }

  async function runWith(seed: number): Promise<string[]> {
    const seeded = await startSandbox({ ...mixed, randomSeed: seed })
    try {
      return await run(seeded)
    } finally {
      await seeded.close()
    }
  }

  it('makes a mixed run repeat exactly, across sandboxes and after a reset', async () => {
    const first = await runWith(20_240_601)
    expect(await runWith(20_240_601)).toEqual(first)
    const kinds = new Set(first.map((line) => line.slice(0, 6)))
    expect(kinds.size).toBeGreaterThanOrEqual(4)
    expect(kinds).toContain('200 ap')

    const seeded = await startSandbox({ ...mixed, randomSeed: 20_240_601 })
    try {
      await run(seeded, 5)
      await apiClient(seeded).post('/sandbox/reset')
      expect(await run(seeded)).toEqual(first)
    } finally {
      await seeded.close()
    }
  })

  it('gives another run for another seed', async () => {
    expect(await runWith(7)).not.toEqual(await runWith(20_240_601))
  })
})
