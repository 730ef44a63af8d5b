import type { RouteHandler } from './api-routes'
import type { DeliveryPolicy } from './deliveries'
import { mergeFaults, type Faults } from './faults'
import { HttpError, readJsonObject, sendJson } from './http-io'
import { checkIdSegment } from './ids'
import type { InFlightLimit } from './in-flight-limit'
import type { KeyedRateLimiter } from './rate-limiter'
import type { SandboxState } from './sandbox-state'

export interface SandboxControls {
  state: SandboxState
  limiter: KeyedRateLimiter
  inFlight: InFlightLimit
  faults: Faults
  stats: { requests: number; rateLimited: number; faults: { error: number; reset: number; malformed: number } }
  /** The latest API requests, oldest first: what a test asserts the app sent. */
  recorded: RecordedRequest[]
  resetAll(): void
}

export interface RecordedRequest {
  method: string
  /** As sent, IDs still percent-encoded. */
  path: string
  at: number
}

/** How many API requests GET /sandbox/requests remembers. */
const maxRecordedRequests = 10_000

export function recordRequest(controls: SandboxControls, req: { method?: string | undefined; url?: string | undefined }): void {
  controls.recorded.push({ method: req.method ?? 'GET', path: (req.url ?? '/').split('?', 1)[0] ?? '/', at: Date.now() })
  if (controls.recorded.length > maxRecordedRequests) controls.recorded.splice(0, controls.recorded.length - maxRecordedRequests)
}

const codePattern = /^[a-z0-9_]{1,64}$/

function paymentId(segment: string | undefined): string {
  const checked = checkIdSegment(segment ?? '')
  if (!checked.ok) throw new HttpError(400, [checked.reason])
  return checked.id
}

function optionalMethod(body: Record<string, unknown>): string | undefined {
  const { paymentMethod } = body
  if (paymentMethod === undefined) return undefined
  if (typeof paymentMethod !== 'string' || !/^[A-Z_]{1,32}$/.test(paymentMethod)) {
    throw new HttpError(400, ['paymentMethod must be an upper-case method name such as CARD'])
  }
  return paymentMethod
}

function positiveInteger(body: Record<string, unknown>, key: string, max: number, messages: string[]): number | undefined {
  const value = body[key]
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    messages.push(`${key} must be an integer from 0 to ${max}`)
    return undefined
  }
  return value
}

function respond(body: () => unknown): RouteHandler {
  return (_req, res) => {
    sendJson(res, 200, body())
    return Promise.resolve()
  }
}

function sandboxState(controls: SandboxControls) {
  return {
    faults: controls.faults,
    rateLimit: controls.limiter.config,
    inFlightLimit: controls.inFlight.config,
    webhookDelivery: controls.state.deliveries.policy,
    stats: controls.stats,
  }
}

/** Sandbox-only controls under /sandbox/: never part of the real service. */
export function matchAdminRoute(method: string, segments: string[], controls: SandboxControls): RouteHandler | undefined {
  const route = `${method} /${segments.slice(1).join('/')}`
  const { state } = controls
  switch (route) {
    case 'GET /state':
      return respond(() => sandboxState(controls))
    case 'POST /reset':
      return (_req, res) => {
        controls.resetAll()
        sendJson(res, 200, sandboxState(controls))
        return Promise.resolve()
      }
    case 'PUT /faults':
      return async (req, res) => {
        const merged = mergeFaults(controls.faults, await readJsonObject(req))
        if ('messages' in merged) throw new HttpError(400, merged.messages)
        Object.assign(controls.faults, merged.faults)
        sendJson(res, 200, controls.faults)
      }
    case 'PUT /rate-limit':
      return async (req, res) => {
        const body = await readJsonObject(req)
        const messages: string[] = []
        // Fractional rates give long Retry-After waits (0.2 req/s: 5 s), for watching a pause.
        const rate =
          body.rate === undefined
            ? undefined
            : typeof body.rate === 'number' && body.rate >= 0 && body.rate <= 100_000
              ? body.rate
              : undefined
        if (body.rate !== undefined && rate === undefined) messages.push('rate must be a number from 0 to 100000')
        const burst = positiveInteger(body, 'burst', 100_000, messages)
        if (messages.length > 0) throw new HttpError(400, messages)
        const current = controls.limiter.config
        controls.limiter.configure({ rate: rate ?? current.rate, burst: Math.max(1, burst ?? current.burst) })
        sendJson(res, 200, controls.limiter.config)
      }
    case 'PUT /in-flight-limit':
      return async (req, res) => {
        const body = await readJsonObject(req)
        const messages: string[] = []
        const limit = positiveInteger(body, 'limit', 10_000, messages)
        if (limit === undefined && messages.length === 0)
          messages.push('limit is required: the most requests in flight per key, 0 for no cap')
        if (messages.length > 0 || limit === undefined) throw new HttpError(400, messages)
        controls.inFlight.configure(limit)
        sendJson(res, 200, controls.inFlight.config)
      }
    case 'PUT /webhook-delivery':
      return async (req, res) => {
        const body = await readJsonObject(req)
        const messages: string[] = []
        const update: Partial<DeliveryPolicy> = {}
        const maxAttempts = positiveInteger(body, 'maxAttempts', 20, messages)
        const baseDelayMs = positiveInteger(body, 'baseDelayMs', 3_600_000, messages)
        const timeoutMs = positiveInteger(body, 'timeoutMs', 120_000, messages)
        if (maxAttempts !== undefined) update.maxAttempts = Math.max(1, maxAttempts)
        if (baseDelayMs !== undefined) update.baseDelayMs = baseDelayMs
        if (timeoutMs !== undefined) update.timeoutMs = Math.max(1, timeoutMs)
        if (messages.length > 0) throw new HttpError(400, messages)
        state.deliveries.policy = { ...state.deliveries.policy, ...update }
        sendJson(res, 200, state.deliveries.policy)
      }
    case 'GET /requests':
      return respond(() => controls.recorded)
    case 'GET /payments':
      return respond(() => state.listPayments())
    case 'GET /webhooks':
      return respond(() => state.listEndpoints())
    case 'GET /deliveries':
      return (req, res) => {
        const endpointId = new URL(req.url ?? '/', 'http://sandbox').searchParams.get('endpointId') ?? undefined
        sendJson(res, 200, state.deliveries.list(endpointId))
        return Promise.resolve()
      }
  }
  const [, resource, id, action, ...extra] = segments
  if (method !== 'POST' || resource !== 'payments' || extra.length > 0) return undefined
  if (action === 'fail') {
    return async (req, res) => {
      const body = await readJsonObject(req)
      const code = body.code
      if (typeof code !== 'string' || !codePattern.test(code)) {
        throw new HttpError(400, ['code must be a payment error code such as card_declined'])
      }
      const paymentMethod = optionalMethod(body)
      const payment = state.failPayment(paymentId(id), code, paymentMethod ? { paymentMethod } : {})
      if (!payment) throw new HttpError(404, `Payment ${paymentId(id)} not found`)
      sendJson(res, 200, payment)
    }
  }
  if (action === 'settle') {
    return async (req, res) => {
      const paymentMethod = optionalMethod(await readJsonObject(req).catch(() => ({})))
      const payment = state.settlePayment(paymentId(id), paymentMethod ? { paymentMethod } : {})
      if (!payment) throw new HttpError(404, `Payment ${paymentId(id)} not found`)
      sendJson(res, 200, payment)
    }
  }
  return undefined
}
