import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createGzip } from 'node:zlib'

// A server that misbehaves the ways a broken proxy, a captive portal or a hostile host
// might, for what the sandbox (which follows the spec) never does. The first path
// segment picks the behaviour, so a test asks for one with the client's own `path`:
//
//   /echo                     200 {"ok":true}
//   /outage/{n}/{ms}/{s}/...  200, except from the n+1-th hit of any /outage path on, for ms: 503 with Retry-After: s
//   /announce/{code}          the service's answer with each ?h=Name:value as a header (200 {"ok":true})
//   /status/{code}            the service's error body; ?retry-after=N adds Retry-After
//   /flaky/{n}/{code}         the first n hits of this path answer {code}, then 200
//   /gigantic                 50 MB with its Content-Length, streamed
//   /gigantic-chunked         50 MB with no Content-Length (chunked)
//   /gzip-bomb                ~50 kB of gzip that inflates to 50 MB
//   /trickle                  200 with a 1000-byte length, then one byte a second
//   /invalid-utf8             200 application/json with bytes that are not UTF-8
//   /wrong-types/{code}       JSON with the service's field names and the wrong types
//   /wrong-service/api/...    the service's three endpoints, each answering in the right
//                             shape but one field of the wrong type (use it as a base URL)
//   /redirect/{code}          a {code} redirect to `redirectTo` (another server)
//   /html/{code}              an HTML error page
//   /empty/{code}             no body at all
//   /hang                     reads the request, never answers
//   /reset-after-headers      200 headers and half a body, then the socket is destroyed
//   /long-message/{code}/{n}  the service's error body, its message n characters long
//   /message-array/{code}/{n} a validation error body whose message array holds n strings
//   /deep/{n}/...             200: a payment whose `meta` field is n arrays deep (use it as a base URL)
//   /wide/{n}/...             200: a payment with an array of n items and an object of n fields

export const giganticBytes = 50 * 1024 * 1024

export interface ReceivedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
}

/** One streamed body, updated as it goes: how much left before the client hung up. */
export interface StreamRecord {
  path: string
  bytesSent: number
  closed: boolean
  completed: boolean
}

export interface RecordingServer {
  baseUrl: string
  readonly requests: ReceivedRequest[]
  close(): Promise<void>
}

export interface HostileServer extends RecordingServer {
  readonly streams: StreamRecord[]
}

export interface HostileOptions {
  /** Base URL that /redirect/{code} sends the client to, with the same path. */
  redirectTo?: string
}

type Behaviour = (req: IncomingMessage, res: ServerResponse, args: string[], query: URLSearchParams) => void

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  })
  res.end(text)
}

function statusArg(args: string[]): number {
  const status = Number(args[0] ?? '500')
  if (!Number.isInteger(status) || status < 200 || status > 599) throw new Error(`hostile server: bad status ${String(args[0])}`)
  return status
}

function serviceError(status: number): { statusCode: number; message: string; error: string } {
  return { statusCode: status, message: `Scripted answer ${status}`, error: 'Scripted' }
}

/** Writes `total` bytes honouring backpressure, so only the client's reading decides how much goes out. */
function stream(res: ServerResponse, total: number, record: StreamRecord): void {
  const chunk = Buffer.alloc(64 * 1024, 0x20)
  const pump = (): void => {
    while (record.bytesSent < total && !res.destroyed) {
      const size = Math.min(chunk.length, total - record.bytesSent)
      record.bytesSent += size
      if (!res.write(chunk.subarray(0, size))) {
        res.once('drain', pump)
        return
      }
    }
    if (!res.destroyed) res.end()
  }
  res.on('close', () => {
    record.closed = true
    record.completed = res.writableFinished
  })
  pump()
}

async function gzipOfZeros(total: number): Promise<Buffer> {
  const gzip = createGzip()
  const parts: Buffer[] = []
  gzip.on('data', (part: Buffer) => parts.push(part))
  const done = new Promise<void>((resolve, reject) => {
    gzip.on('end', resolve)
    gzip.on('error', reject)
  })
  const block = Buffer.alloc(1024 * 1024)
  for (let written = 0; written < total; written += block.length) gzip.write(block)
  gzip.end()
  await done
  return Buffer.concat(parts)
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return `http://127.0.0.1:${port}`
}

function closer(server: Server): () => Promise<void> {
  return async () => {
    server.closeAllConnections()
    await new Promise<void>((resolve) =>
      server.close(() => {
        resolve()
      }),
    )
  }
}

function recordRequests(requests: ReceivedRequest[], handle: (req: IncomingMessage, res: ServerResponse) => void): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      handle(req, res)
    })
  })
}

/**
 * A well-behaved server that only records what reaches it: the far end of a redirect.
 * `answer` picks the status and JSON body for a request; 200 {"ok":true} otherwise.
 */
export async function startRecordingServer(
  answer?: (request: ReceivedRequest) => { status: number; body: unknown },
): Promise<RecordingServer> {
  const requests: ReceivedRequest[] = []
  const server = recordRequests(requests, (_req, res) => {
    const last = requests.at(-1)
    const reply = answer && last ? answer(last) : { status: 200, body: { ok: true } }
    sendJson(res, reply.status, reply.body)
  })
  return { baseUrl: await listen(server), requests, close: closer(server) }
}

export async function startHostileServer(options: HostileOptions = {}): Promise<HostileServer> {
  const requests: ReceivedRequest[] = []
  const streams: StreamRecord[] = []
  const hits = new Map<string, number>()
  let bomb: Promise<Buffer> | undefined

  const streamed =
    (withLength: boolean): Behaviour =>
    (req, res) => {
      const record: StreamRecord = { path: req.url ?? '', bytesSent: 0, closed: false, completed: false }
      streams.push(record)
      res.writeHead(200, { 'content-type': 'application/json', ...(withLength ? { 'content-length': String(giganticBytes) } : {}) })
      stream(res, giganticBytes, record)
    }

  let outageHits = 0
  let outageFrom: number | null = null
  const behaviours: Record<string, Behaviour> = {
    outage: (_req, res, args) => {
      const [after, lengthMs, seconds] = args.map(Number)
      outageHits += 1
      if (outageHits === (after ?? 0) + 1) outageFrom = Date.now()
      if (outageFrom !== null && Date.now() < outageFrom + (lengthMs ?? 0))
        sendJson(res, 503, serviceError(503), { 'retry-after': String(seconds) })
      else sendJson(res, 200, { ok: true })
    },
    echo: (_req, res) => {
      sendJson(res, 200, { ok: true })
    },
    announce: (_req, res, args, query) => {
      const status = args[0] === undefined ? 200 : statusArg(args)
      const headers = Object.fromEntries(
        query.getAll('h').map((pair) => [pair.slice(0, pair.indexOf(':')), pair.slice(pair.indexOf(':') + 1).trim()]),
      )
      sendJson(res, status, status < 300 ? { ok: true } : serviceError(status), headers)
    },
    status: (_req, res, args, query) => {
      const status = statusArg(args)
      const retryAfter = query.get('retry-after')
      sendJson(res, status, serviceError(status), retryAfter === null ? {} : { 'retry-after': retryAfter })
    },
    flaky: (req, res, args) => {
      const key = req.url ?? ''
      const hit = (hits.get(key) ?? 0) + 1
      hits.set(key, hit)
      const status = statusArg(args.slice(1))
      if (hit <= Number(args[0])) sendJson(res, status, serviceError(status))
      else sendJson(res, 200, { ok: true, hits: hit })
    },
    gigantic: streamed(true),
    'gigantic-chunked': streamed(false),
    'gzip-bomb': (_req, res) => {
      bomb ??= gzipOfZeros(giganticBytes)
      void bomb.then((body) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(body.length) })
        res.end(body)
      })
    },
    trickle: (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' })
      res.write('{')
      const timer = setInterval(() => res.write(' '), 1000)
      res.on('close', () => {
        clearInterval(timer)
      })
    },
    'invalid-utf8': (_req, res) => {
      const body = Buffer.concat([Buffer.from('{"id":"pay_'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('"}')])
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) })
      res.end(body)
    },
    'wrong-types': (_req, res, args) => {
      const status = statusArg(args)
      const body = status < 300 ? { id: 42, lastDepositAttempt: 'failed' } : { statusCode: String(status), message: 42, error: false }
      sendJson(res, status, body)
    },
    'wrong-service': (req, res, args) => {
      const route = args.join('/')
      if (req.method === 'POST' && route === 'api/webhook') {
        sendJson(res, 201, { id: 'we_wrong', url: 'https://hooks.example.com/', secret: 42 })
        return
      }
      // A payment as the service sends it, but its last attempt's amount is a string.
      const payment = {
        id: args.at(-1) ?? 'pay_wrong',
        status: 'failed',
        amount: 12_000,
        currency: 'EUR',
        lastDepositAttempt: {
          status: 'failed',
          amount: '12000',
          paymentMethod: 'card',
          error: 'card_declined',
          attemptedAt: '2026-01-01T00:00:00.000Z',
        },
      }
      if (req.method === 'POST' && route === 'api/checkout/payment') sendJson(res, 201, payment)
      else if (req.method === 'GET' && route.startsWith('api/payment/')) sendJson(res, 200, payment)
      else sendJson(res, 404, serviceError(404))
    },
    redirect: (req, res, args) => {
      if (options.redirectTo === undefined) throw new Error('hostile server: no redirectTo')
      res.writeHead(statusArg(args), { location: `${options.redirectTo}${req.url ?? '/'}`, 'content-type': 'text/html' })
      res.end('<a href="elsewhere">Moved</a>')
    },
    html: (_req, res, args) => {
      res.writeHead(statusArg(args), { 'content-type': 'text/html; charset=utf-8' })
      res.end('<!DOCTYPE html><html><head><title>Service Unavailable</title></head><body><h1>Down for maintenance</h1></body></html>')
    },
    empty: (_req, res, args) => {
      res.writeHead(statusArg(args), { 'content-type': 'application/json', 'content-length': '0' })
      res.end()
    },
    'long-message': (_req, res, args) => {
      const status = statusArg(args)
      sendJson(res, status, { statusCode: status, message: 'x'.repeat(Number(args[1])), error: 'Scripted' })
    },
    'message-array': (_req, res, args) => {
      const status = statusArg(args)
      sendJson(res, status, {
        statusCode: status,
        message: Array.from({ length: Number(args[1]) }, (_, i) => `m${i}`),
        error: 'Bad Request',
      })
    },
    // Written as text: JSON.stringify itself cannot go that deep.
    deep: (_req, res, args) => {
      const levels = Number(args[0])
      const text = `{"id":"pay_deep","status":"failed","meta":${'['.repeat(levels)}${']'.repeat(levels)}}`
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) })
      res.end(text)
    },
    wide: (_req, res, args) => {
      const count = Number(args[0])
      const fields = Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]))
      sendJson(res, 200, { id: 'pay_wide', status: 'failed', items: new Array<number>(count).fill(0), fields })
    },
    hang: () => undefined,
    'reset-after-headers': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' })
      res.write('{"id":"pay_', () => res.socket?.destroy())
    },
  }

  const server = recordRequests(requests, (req, res) => {
    const url = new URL(req.url ?? '/', 'http://hostile')
    const [mode = '', ...args] = url.pathname.split('/').slice(1)
    const behaviour = behaviours[mode]
    try {
      if (behaviour) behaviour(req, res, args, url.searchParams)
      else sendJson(res, 404, { statusCode: 404, message: `No hostile mode ${mode}`, error: 'Not Found' })
    } catch (error) {
      // A typo in a test's path must fail that test, not crash the worker.
      sendJson(res, 500, { statusCode: 500, message: String(error), error: 'Hostile server bug' })
    }
  })
  return { baseUrl: await listen(server), requests, streams, close: closer(server) }
}

/** A port nothing listens on: bound a moment ago, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer()
  const baseUrl = await listen(server)
  await closer(server)()
  return Number(new URL(baseUrl).port)
}
