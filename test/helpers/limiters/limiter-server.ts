import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Limiter } from './limiter'

export interface LimiterServerOptions {
  /** Time the service takes to answer an admitted request; 429s come straight from the limiter. */
  latencyMs?: number
  /** Up to this many whole ms more per admitted request, drawn evenly for each. */
  latencyJitterMs?: number
  /** 0 (the default) picks a free port. */
  port?: number
  /** The X-Service-Api-Key it accepts; generated when absent. */
  apiKey?: string
}

export interface LimiterServerStats {
  /** Requests with the right key, the ones the limiter decided on. */
  requests: number
  rateLimited: number
  unauthorized: number
  /** Most requests in progress at once (admitted ones waiting out the latency included). */
  maxInFlight: number
}

export interface LimiterServer {
  baseUrl: string
  apiKey: string
  stats(): LimiterServerStats
  close(): Promise<void>
}

const statusNames: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found', 429: 'Too Many Requests' }

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers })
  res.end(text)
}

function sendError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  send(res, status, { statusCode: status, message, error: statusNames[status] ?? 'Error' }, headers)
}

/** A settled card payment, in the fields the app's payment schema reads. */
function payment(id: string, nowMs: number) {
  const at = new Date(nowMs - 60_000).toISOString()
  return {
    id,
    status: 'settled',
    amount: 4_200,
    currency: 'EUR',
    customerEmail: 'ada@example.com',
    createdAt: at,
    updatedAt: at,
    lastDepositAttempt: { status: 'succeeded', amount: 4_200, paymentMethod: 'CARD', error: null, attemptedAt: at },
  }
}

/**
 * A stand-in for the service with `limiter` in front of GET /api/payment/:id, on 127.0.0.1.
 * The key is checked before the limit (a wrong key spends nothing); decide() gets Date.now().
 */
export async function startLimiterServer(limiter: Limiter, options: LimiterServerOptions = {}): Promise<LimiterServer> {
  const apiKey = options.apiKey ?? `service_sandbox_${randomBytes(16).toString('hex')}`
  const latencyMs = options.latencyMs ?? 0
  const latencyJitterMs = options.latencyJitterMs ?? 0
  const stats: LimiterServerStats = { requests: 0, rateLimited: 0, unauthorized: 0, maxInFlight: 0 }
  let inFlight = 0

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const match = /^\/api\/payment\/([^/?]+)$/.exec((req.url ?? '/').split('?', 1)[0] ?? '/')
    if (req.method !== 'GET' || !match?.[1]) {
      sendError(res, 404, `Cannot ${req.method ?? 'GET'} ${(req.url ?? '/').slice(0, 200)}`)
      return
    }
    if (req.headers['x-service-api-key'] !== apiKey) {
      stats.unauthorized += 1
      sendError(res, 401, 'Invalid or missing API key')
      return
    }
    let id: string
    try {
      id = decodeURIComponent(match[1])
    } catch {
      sendError(res, 400, 'Malformed payment ID')
      return
    }
    stats.requests += 1
    const nowMs = Date.now()
    const decision = limiter.decide(nowMs)
    const headers = { ...decision.headers }
    if (!decision.allowed) {
      stats.rateLimited += 1
      if (decision.retryAfterSeconds !== undefined) headers['Retry-After'] = String(decision.retryAfterSeconds)
      sendError(res, 429, 'Too many requests', headers)
      return
    }
    // A limiter of requests in flight frees its place once the answer is out, as in virtual time.
    const answer = () => {
      send(res, 200, payment(id, nowMs), headers)
      limiter.done?.(Date.now())
    }
    const delayMs = latencyMs + Math.floor(Math.random() * (latencyJitterMs + 1))
    if (delayMs > 0) setTimeout(answer, delayMs)
    else answer()
  }

  const server = createServer((req, res) => {
    inFlight += 1
    stats.maxInFlight = Math.max(stats.maxInFlight, inFlight)
    res.on('close', () => {
      inFlight -= 1
    })
    handle(req, res)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    stats: () => ({ ...stats }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve()
        })
        server.closeAllConnections()
      }),
  }
}
