import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { matchAdminRoute, recordRequest, type SandboxControls } from './admin-routes'
import { matchApiRoute, type RouteHandler } from './api-routes'
import { authenticate } from './auth'
import { createCheckoutGuard } from './checkout-guard'
import { matchCheckoutPage } from './checkout-page'
import { mainMerchant, secondShop, type MerchantId, type SandboxMerchant } from './merchants'
import { defaultDeliveryPolicy, type DeliveryPolicy } from './deliveries'
import { normalizeDeliveryHost } from './delivery-hosts'
import { noFaults, rollFault, seededRandom, type Faults } from './faults'
import { errorBody, HttpError, sendError, sendJson } from './http-io'
import { rateLimitHeaders, type RateLimitHeaderStyle } from './rate-limit-headers'
import { InFlightLimit } from './in-flight-limit'
import { KeyedRateLimiter, type RateLimit } from './rate-limiter'
import { SandboxState } from './sandbox-state'

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number
  host?: string
  /** The first merchant's private key; generated when absent. */
  apiKey?: string
  /** The second merchant's ("Second shop", see merchants.ts); generated when absent. */
  secondShopApiKey?: string
  rateLimit?: Partial<RateLimit>
  /** Most requests each key may have in flight; 0 (the default) for no cap. */
  inFlightLimit?: number
  /** Announces the limit on every API answer in this header family; none when absent. */
  rateLimitHeaders?: RateLimitHeaderStyle
  faults?: Partial<Faults>
  webhookDelivery?: Partial<DeliveryPolicy>
  /** Seeds the fault dice so a run can be repeated exactly. */
  randomSeed?: number
  /** Generated payments pay_bulk_000001 ... on top of the seed data. */
  bulkPayments?: number
  /**
   * Hosts besides this computer that webhooks may be delivered to (see delivery-hosts.ts);
   * none by default. The app fills it from its environment, never from a saved setting.
   */
  allowedDeliveryHosts?: readonly string[]
  /** Sends each delivery attempt; tests pass their own so nothing connects off the machine. */
  deliveryFetch?: typeof fetch
}

export interface RunningSandbox {
  baseUrl: string
  /** The first merchant's key (merchants[0]). */
  apiKey: string
  /** Each merchant with its key: the first, then Second shop. */
  merchants: readonly SandboxMerchant[]
  close(): Promise<void>
}

export const defaultRateLimit: RateLimit = { rate: 25, burst: 50 }

export function newSandboxKey(): string {
  return `service_sandbox_${randomBytes(24).toString('hex')}`
}

// Bodies a broken proxy or a crashed upstream might send instead of the service's JSON.
const malformedAnswers = [
  { status: 502, type: 'text/html', body: '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>' },
  { status: 200, type: 'application/json', body: '{"id":"pay_' },
  { status: 200, type: 'application/json', body: '' },
  { status: 503, type: 'text/plain', body: 'upstream connect error or disconnect/reset before headers' },
]

function notFound(method: string, path: string): HttpError {
  return new HttpError(404, `Cannot ${method} ${path.slice(0, 200)}`)
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const apiKey = options.apiKey ?? newSandboxKey()
  const merchants: SandboxMerchant[] = [
    { ...mainMerchant, apiKey },
    { ...secondShop, apiKey: options.secondShopApiKey ?? newSandboxKey() },
  ]
  const allowedDeliveryHosts = (options.allowedDeliveryHosts ?? []).map((entry) => {
    const host = normalizeDeliveryHost(entry)
    if (host === null) throw new Error(`allowedDeliveryHosts: "${entry}" is not a host name or IP address`)
    return host
  })
  const newRandom = () => (options.randomSeed === undefined ? Math.random : seededRandom(options.randomSeed))
  let random = newRandom()
  const initialRate = { ...defaultRateLimit, ...options.rateLimit }
  const initialFaults = { ...noFaults, ...options.faults }
  const initialDelivery = { ...defaultDeliveryPolicy, ...options.webhookDelivery }
  let malformedTurn = 0

  const server: Server = createServer()
  const sockets = new Set<Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  const baseUrl = `http://${host}:${address.port}`
  const checkoutGuard = createCheckoutGuard(host, address.port)

  const state = new SandboxState(baseUrl, options.bulkPayments ?? 0, {
    allowedHosts: allowedDeliveryHosts,
    ...(options.deliveryFetch ? { fetch: options.deliveryFetch } : {}),
  })
  state.deliveries.policy = { ...initialDelivery }
  const controls: SandboxControls = {
    state,
    limiter: new KeyedRateLimiter(initialRate),
    inFlight: new InFlightLimit(options.inFlightLimit ?? 0),
    faults: { ...initialFaults },
    stats: { requests: 0, rateLimited: 0, faults: { error: 0, reset: 0, malformed: 0 } },
    recorded: [],
    resetAll() {
      state.reset()
      state.deliveries.policy = { ...initialDelivery }
      controls.limiter.configure(initialRate)
      controls.inFlight.configure(options.inFlightLimit ?? 0)
      Object.assign(controls.faults, initialFaults)
      // A seeded run repeats exactly after a reset, as it does after a restart.
      random = newRandom()
      malformedTurn = 0
      controls.stats = { requests: 0, rateLimited: 0, faults: { error: 0, reset: 0, malformed: 0 } }
      controls.recorded.length = 0
    },
  }

  async function runApi(req: IncomingMessage, res: ServerResponse, handler: RouteHandler, caller: SandboxMerchant): Promise<void> {
    controls.stats.requests += 1
    recordRequest(controls, req)
    // Each key has its own limit, as on a service that limits per key.
    const decision = controls.limiter.take(caller.apiKey)
    if (options.rateLimitHeaders && decision.state) {
      // Set before any answer is written, so 200s, 429s, errors and faults all carry them.
      const headers = rateLimitHeaders(options.rateLimitHeaders, controls.limiter.config, decision.state, Date.now())
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
    }
    if (!decision.ok) {
      controls.stats.rateLimited += 1
      throw new HttpError(429, 'Too many requests: slow down and retry after the time in the Retry-After header', {
        'Retry-After': String(decision.retryAfterSeconds),
      })
    }
    if (!controls.inFlight.enter(caller.apiKey)) {
      controls.stats.rateLimited += 1
      throw new HttpError(429, 'Too many requests in flight: wait for an answer before sending more')
    }
    try {
      await answerAdmitted(req, res, handler)
    } finally {
      controls.inFlight.leave(caller.apiKey)
    }
  }

  async function answerAdmitted(req: IncomingMessage, res: ServerResponse, handler: RouteHandler): Promise<void> {
    const { latencyMs, latencyJitterMs } = controls.faults
    if (latencyMs + latencyJitterMs > 0) await sleep(latencyMs + random() * latencyJitterMs)
    const fault = rollFault(controls.faults, random)
    if (fault === 'reset') {
      controls.stats.faults.reset += 1
      req.socket.destroy()
      return
    }
    if (fault === 'error') {
      controls.stats.faults.error += 1
      throw new HttpError(500, 'Internal server error')
    }
    if (fault === 'malformed') {
      controls.stats.faults.malformed += 1
      const answer = malformedAnswers[malformedTurn++ % malformedAnswers.length] ?? malformedAnswers[0]
      if (answer) {
        res.writeHead(answer.status, { 'Content-Type': answer.type })
        res.end(answer.body)
      }
      return
    }
    await handler(req, res)
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET'
    const rawUrl = req.url ?? '/'
    const path = rawUrl.split('?', 1)[0] ?? '/'
    // Segments stay percent-encoded here: each ID is decoded and checked on its own,
    // so `%2F` can never turn into a path separator.
    const segments = path.split('/').slice(1)
    switch (segments[0]) {
      case 'api': {
        // An unknown path is a 404 before the key is looked at, as before there were two merchants.
        const asking: { id: MerchantId } = { id: mainMerchant.id }
        const handler = matchApiRoute(method, segments, state, allowedDeliveryHosts, () => asking.id)
        if (!handler) throw notFound(method, path)
        const caller = authenticate(req, merchants)
        asking.id = caller.id
        await runApi(req, res, handler, caller)
        return
      }
      case 'sandbox': {
        const handler = matchAdminRoute(method, segments, controls)
        if (!handler) throw notFound(method, path)
        authenticate(req, merchants)
        await handler(req, res)
        return
      }
      case 'checkout': {
        const handler = matchCheckoutPage(method, segments, state, checkoutGuard)
        if (!handler) throw notFound(method, path)
        await handler(req, res)
        return
      }
      case 'health':
        if (method === 'GET' && segments.length === 1) {
          sendJson(res, 200, { status: 'ok' })
          return
        }
    }
    throw notFound(method, path)
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    route(req, res).catch((error: unknown) => {
      // Node sets req.socket to null once the request has been destroyed.
      const socket = req.socket as Socket | null
      if (res.headersSent || socket === null || socket.destroyed) return
      // Anything that is not a deliberate HttpError is a sandbox bug: answer in the
      // service's shape, never with a stack trace.
      sendError(res, error instanceof HttpError ? error : new HttpError(500, 'Internal server error'))
      if (!(error instanceof HttpError)) console.error('sandbox: unexpected error', error)
    })
  })
  // Requests Node refuses before routing (oversized headers, bad request lines) still
  // get the service's JSON error body instead of an empty reply.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable) return
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400
    const body = JSON.stringify(errorBody(status, status === 431 ? 'Request headers are too large' : 'Malformed HTTP request'))
    socket.end(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  })

  return {
    baseUrl,
    apiKey,
    merchants,
    async close() {
      state.deliveries.close()
      const closed = new Promise<void>((resolve) =>
        server.close(() => {
          resolve()
        }),
      )
      for (const socket of sockets) socket.destroy()
      await closed
    },
  }
}
