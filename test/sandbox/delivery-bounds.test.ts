import { describe, expect, it } from 'vitest'
import { DeliveryQueue, deliveryLimits } from '../../src/sandbox/deliveries'
import { parseDeliveryHosts } from '../../src/sandbox/delivery-hosts'
import type { Delivery, Payment, WebhookEndpoint } from '../../src/sandbox/records'
import { waitFor } from '../helpers/wait-for'

// The delivery queue on its own, with a fetch of the test's: nothing here opens a
// connection, so hosts off this machine can be named safely.

const payment = { id: 'pay_test', status: 'settled', amount: 100, currency: 'EUR' } as unknown as Payment

function endpoint(url: string): WebhookEndpoint {
  return {
    id: 'we_test',
    url,
    connect: false,
    createdAt: new Date(0).toISOString(),
    secret: `whsec_${Buffer.alloc(32, 1).toString('base64')}`,
  }
}

function recordingFetch(status = 200) {
  const urls: string[] = []
  const send: typeof fetch = (input) => {
    urls.push(input instanceof Request ? input.url : input.toString())
    return Promise.resolve(new Response('answer', { status }))
  }
  return { urls, send }
}

function finished(queue: DeliveryQueue): Promise<Delivery[]> {
  return waitFor(() => {
    const list = queue.list()
    return list.every((d) => d.status !== 'pending') && list
  })
}

describe('which hosts a delivery may reach', () => {
  it('refuses a host that is neither loopback nor allowed without calling fetch, and does not retry', async () => {
    const { urls, send } = recordingFetch()
    const queue = new DeliveryQueue({ fetch: send, policy: { maxAttempts: 5, baseDelayMs: 1, timeoutMs: 1_000 } })
    queue.enqueue(endpoint('https://198.51.100.7/hooks'), 'payment.settled', payment)
    const [delivery] = await finished(queue)
    expect(urls).toEqual([])
    expect(delivery?.status).toBe('failed')
    expect(delivery?.attempts).toEqual([
      expect.objectContaining({ statusCode: null, error: expect.stringContaining('not sent') as unknown }),
    ])
    queue.close()
  })

  it('sends to loopback and to an allowed host, by exact name', async () => {
    const { urls, send } = recordingFetch()
    const queue = new DeliveryQueue({ fetch: send, allowedHosts: ['hooks.partner.example'] })
    for (const url of [
      'http://127.0.0.1:9/a',
      'https://[::1]:9/b',
      'https://hooks.partner.example/c',
      'https://x.hooks.partner.example/d',
    ]) {
      queue.enqueue(endpoint(url), 'payment.settled', payment)
    }
    await finished(queue)
    expect(urls.sort()).toEqual(['http://127.0.0.1:9/a', 'https://[::1]:9/b', 'https://hooks.partner.example/c'])
    queue.close()
  })
})

describe('what a delivery keeps', () => {
  it(`keeps at most ${deliveryLimits.maxKept} deliveries, and those pushed out stop retrying`, async () => {
    const { urls, send } = recordingFetch(500)
    const queue = new DeliveryQueue({ fetch: send, policy: { maxAttempts: 3, baseDelayMs: 30, timeoutMs: 1_000 } })
    const first = queue.enqueue(endpoint('http://127.0.0.1:9/first'), 'payment.failed', payment)
    for (let i = 0; i < deliveryLimits.maxKept; i++) queue.enqueue(endpoint('http://127.0.0.1:9/later'), 'payment.failed', payment)
    const list = queue.list()
    expect(list).toHaveLength(deliveryLimits.maxKept)
    expect(list.some((d) => d.id === first.id)).toBe(false)
    await finished(queue)
    // Each kept delivery made its 3 attempts; the dropped one made its first only.
    expect(urls.filter((u) => u.endsWith('/first'))).toHaveLength(1)
    expect(urls.filter((u) => u.endsWith('/later'))).toHaveLength(3 * deliveryLimits.maxKept)
    queue.close()
  })

  it("records a receiver's status, never its body, and only a short error", async () => {
    const failing: typeof fetch = () =>
      Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: `E${'X'.repeat(500)}<script>` }) }))
    const queue = new DeliveryQueue({ fetch: failing, policy: { maxAttempts: 1, baseDelayMs: 1, timeoutMs: 1_000 } })
    queue.enqueue(endpoint('http://127.0.0.1:9/'), 'payment.failed', payment)
    const [delivery] = await finished(queue)
    expect(delivery?.attempts[0]?.error).toBe('connection failed')
    queue.close()
  })
})

describe('the allowed-hosts variable', () => {
  it('reads host names and IP addresses, and names what is not one', () => {
    expect(parseDeliveryHosts(' Hooks.Example.com, 192.0.2.10,, [2001:DB8::1] ,https://x.example/,a b,hooks.example.com')).toEqual({
      hosts: ['hooks.example.com', '192.0.2.10', '[2001:db8::1]'],
      invalid: ['https://x.example/', 'a b'],
    })
    expect(parseDeliveryHosts(undefined)).toEqual({ hosts: [], invalid: [] })
  })
})
