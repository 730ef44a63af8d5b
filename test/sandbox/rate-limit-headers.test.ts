import { afterEach, describe, expect, it } from 'vitest'
import { readRateLimitHeaders } from '../../src/main/scheduler/rate-limit-headers'
import { startSandbox, type RateLimitHeaderStyle, type RunningSandbox } from '../../src/sandbox'
import { apiClient, expectError, type Reply } from '../helpers/sandbox-client'

let sandbox: RunningSandbox | undefined
afterEach(async () => {
  await sandbox?.close()
  sandbox = undefined
})

// A bucket of 5 refilled at one token per 100 s: nothing comes back during the test however
// slow the machine, so remaining falls by exactly one per request. Full again in 500 s:
// announced as 5 requests per 500 s.
const rateLimit = { rate: 0.01, burst: 5 }

async function start(style?: RateLimitHeaderStyle) {
  sandbox = await startSandbox({ rateLimit, ...(style ? { rateLimitHeaders: style } : {}) })
  return apiClient(sandbox)
}

const names = [
  'ratelimit-policy',
  'ratelimit',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
]
const present = (reply: Reply) => names.filter((name) => reply.headers.has(name))

/** The raw values a style sends, checked for shape: [limit, remaining, reset, window]. */
function raw(style: RateLimitHeaderStyle, reply: Reply): { limit: number; remaining: number; reset: number; window?: number } {
  const get = (name: string) => reply.headers.get(name) ?? ''
  if (style === 'ratelimit') {
    expect(present(reply)).toEqual(['ratelimit-policy', 'ratelimit'])
    const policy = /^"sandbox";q=(\d+);w=(\d+)$/.exec(get('ratelimit-policy'))
    const current = /^"sandbox";r=(\d+);t=(\d+)$/.exec(get('ratelimit'))
    expect(policy, get('ratelimit-policy')).not.toBeNull()
    expect(current, get('ratelimit')).not.toBeNull()
    return { limit: Number(policy?.[1]), window: Number(policy?.[2]), remaining: Number(current?.[1]), reset: Number(current?.[2]) }
  }
  const prefix = style === 'ratelimit-legacy' ? 'ratelimit' : 'x-ratelimit'
  expect(present(reply)).toEqual([`${prefix}-limit`, `${prefix}-remaining`, `${prefix}-reset`])
  for (const part of ['limit', 'remaining', 'reset']) expect(get(`${prefix}-${part}`)).toMatch(/^\d+$/)
  return { limit: Number(get(`${prefix}-limit`)), remaining: Number(get(`${prefix}-remaining`)), reset: Number(get(`${prefix}-reset`)) }
}

const sources = {
  ratelimit: 'ratelimit',
  'ratelimit-legacy': 'ratelimit-legacy',
  'x-ratelimit': 'x-ratelimit',
  'x-ratelimit-epoch': 'x-ratelimit',
} as const

describe('the sandbox announces its limit when asked', () => {
  it.each(Object.keys(sources) as RateLimitHeaderStyle[])(
    'in %s headers, consistent with the bucket, and read back by the app',
    async (style) => {
      const api = await start(style)
      const replies: Reply[] = []
      for (let i = 0; i < 6; i++) replies.push(await api.get('/api/payment/pay_seed_card_declined'))
      expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200, 429])
      expectError(replies[5] as Reply, 429)

      const values = replies.map((reply) => raw(style, reply))
      expect(values.map((value) => value.remaining)).toEqual([4, 3, 2, 1, 0, 0])
      for (const value of values) {
        expect(value.limit).toBe(5)
        if (style === 'ratelimit') expect(value.window).toBe(500)
        if (style === 'x-ratelimit-epoch') {
          const untilReset = value.reset - Date.now() / 1000
          expect(untilReset).toBeGreaterThan(0)
          expect(untilReset).toBeLessThanOrEqual(501)
        } else {
          expect(value.reset).toBeGreaterThan(0)
          expect(value.reset).toBeLessThanOrEqual(500)
        }
      }

      for (const [i, reply] of replies.entries()) {
        const announced = readRateLimitHeaders(reply.headers, Date.now())
        expect(announced).toMatchObject({
          source: sources[style],
          limit: 5,
          remaining: values[i]?.remaining,
          windowMs: style === 'ratelimit' ? 500_000 : null,
        })
        expect(announced?.resetMs).toBeGreaterThan(0)
        expect(announced?.resetMs).toBeLessThanOrEqual(501_000)
      }
    },
  )

  it('reports a token bucket as its rate over whole seconds: 25/s with a burst of 50 is 50 per 2 s', async () => {
    sandbox = await startSandbox({ rateLimit: { rate: 25, burst: 50 }, rateLimitHeaders: 'ratelimit' })
    const reply = await apiClient(sandbox).get('/api/payment/pay_seed_settled_1')
    expect(reply.headers.get('ratelimit-policy')).toBe('"sandbox";q=50;w=2')
    expect(reply.headers.get('ratelimit')).toMatch(/^"sandbox";r=49;t=1$/)
  })

  it('on every API answer the limit counted: a 404 too, and the count follows a limit changed at run time', async () => {
    const api = await start('x-ratelimit')
    const missing = await api.get('/api/payment/pay_unknown')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('x-ratelimit-remaining')).toBe('4')
    await api.put('/sandbox/rate-limit', { rate: 0.01, burst: 2 })
    expect(raw('x-ratelimit', await api.get('/api/payment/pay_seed_settled_1'))).toMatchObject({ limit: 2, remaining: 1 })
  })

  it('sends none on a 401 (the key is checked before the limit), on admin routes, or when the limit is off', async () => {
    const api = await start('ratelimit')
    expect(present(await api.get('/api/payment/pay_seed_settled_1', { key: 'service_sandbox_wrong' }))).toEqual([])
    expect(present(await api.get('/sandbox/state'))).toEqual([])
    await api.put('/sandbox/rate-limit', { rate: 0 })
    const unlimited = await api.get('/api/payment/pay_seed_settled_1')
    expect(unlimited.status).toBe(200)
    expect(present(unlimited)).toEqual([])
  })

  it('sends none unless asked', async () => {
    const api = await start()
    const replies = [await api.get('/api/payment/pay_seed_settled_1')]
    for (let i = 0; i < 5; i++) replies.push(await api.get('/api/payment/pay_seed_settled_1'))
    expect(replies.at(-1)?.status).toBe(429)
    for (const reply of replies) expect(present(reply)).toEqual([])
  })
})
