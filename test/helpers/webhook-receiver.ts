import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { waitFor } from './wait-for'

export interface ReceivedHook {
  path: string
  headers: IncomingHttpHeaders
  body: string
  receivedAt: number
  /** The status the receiver answered with; null when it did not answer. */
  answeredWith: number | null
}

export interface WebhookReceiver {
  url: string
  readonly requests: ReceivedHook[]
  /** Answer the next `count` requests with `status` instead of 200. */
  failNext(count: number, status?: number): void
  /** Leave the next `count` requests unanswered, so the sender times out. */
  hangNext(count: number): void
  waitForRequests(count: number, timeoutMs?: number): Promise<ReceivedHook[]>
  close(): Promise<void>
}

/** A webhook receiver on 127.0.0.1 that records every request it gets. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const requests: ReceivedHook[] = []
  const failures: number[] = []
  let hangs = 0
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const hang = hangs > 0
      if (hang) hangs -= 1
      const status = hang ? null : (failures.shift() ?? 200)
      requests.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
        answeredWith: status,
      })
      if (status === null) return
      res.writeHead(status, { 'content-type': 'text/plain' })
      res.end(status < 300 ? 'ok' : 'receiver says no')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    requests,
    failNext(count, status = 500) {
      for (let i = 0; i < count; i++) failures.push(status)
    },
    hangNext(count) {
      hangs += count
    },
    waitForRequests(count, timeoutMs = 5_000) {
      return waitFor(() => requests.length >= count && requests.slice(0, count), { timeoutMs, what: `${count} webhook request(s)` })
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve()
        }),
      )
    },
  }
}

/** The service sends Standard Webhooks headers under a `hook-` prefix; the library expects `webhook-`. */
export function standardHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const pick = (name: string) => {
    const value = headers[name]
    if (typeof value !== 'string') throw new Error(`delivery has no single ${name} header`)
    return value
  }
  return {
    'webhook-id': pick('hook-id'),
    'webhook-timestamp': pick('hook-timestamp'),
    'webhook-signature': pick('hook-signature'),
  }
}

/** A header of a received delivery; fails the test when it is missing. */
export function header(hook: ReceivedHook, name: string): string {
  const value = hook.headers[name]
  if (typeof value !== 'string') throw new Error(`delivery has no ${name} header`)
  return value
}

/** The delivery as a receiver's log would show it: header lines, a blank line, the body. */
export function rawDelivery(hook: ReceivedHook): string {
  const lines = Object.entries(hook.headers).map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : (value ?? '')}`)
  return [`POST ${hook.path} HTTP/1.1`, ...lines, '', hook.body].join('\r\n')
}
