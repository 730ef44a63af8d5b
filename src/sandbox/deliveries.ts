import { isDeliveryAllowed } from './delivery-hosts'
import { newId } from './ids'
import type { Delivery, Payment, WebhookEndpoint } from './records'
import { signatureFor } from './signing'

export interface DeliveryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number
  /** Wait before the second attempt; doubles for each later one. */
  baseDelayMs: number
  /** How long a receiver may take to answer one attempt. */
  timeoutMs: number
}

export const defaultDeliveryPolicy: DeliveryPolicy = { maxAttempts: 5, baseDelayMs: 1_000, timeoutMs: 5_000 }

/** What one sandbox keeps and sends: it runs inside the app, so each bound is the app's. */
export const deliveryLimits = { maxBodyBytes: 64 * 1024, maxKept: 500 } as const

export interface DeliveryOptions {
  policy?: DeliveryPolicy
  /** Hosts besides loopback that may receive deliveries (see delivery-hosts.ts). */
  allowedHosts?: readonly string[]
  /** Sends one attempt; tests pass their own so that nothing ever connects off the machine. */
  fetch?: typeof fetch
}

/**
 * Delivers events to registered endpoints the way a Standard Webhooks provider does:
 * signed POSTs, retried with exponential backoff, one hook-id for all attempts of a
 * delivery and a fresh timestamp (and so a fresh signature) on each.
 */
export class DeliveryQueue {
  private readonly deliveries: Delivery[] = []
  private readonly timers = new Map<Delivery, NodeJS.Timeout>()
  private readonly inFlight = new Set<AbortController>()
  /** Deliveries pushed out of the list: their retries stop. */
  private readonly dropped = new WeakSet<Delivery>()
  private closed = false
  /** Bumped by clear(), so retries of deliveries from before a reset stop. */
  private generation = 0
  policy: DeliveryPolicy
  private readonly allowedHosts: readonly string[]
  private readonly send: typeof fetch

  constructor(options: DeliveryOptions = {}) {
    this.policy = options.policy ?? defaultDeliveryPolicy
    this.allowedHosts = options.allowedHosts ?? []
    this.send = options.fetch ?? fetch
  }

  list(endpointId?: string): Delivery[] {
    const selected = endpointId ? this.deliveries.filter((d) => d.endpointId === endpointId) : this.deliveries
    return structuredClone(selected)
  }

  clear(): void {
    this.deliveries.length = 0
    this.generation += 1
    this.cancelPending()
  }

  enqueue(endpoint: WebhookEndpoint, type: string, payment: Payment): Delivery {
    const eventType = endpoint.connect ? `connect.${type}` : type
    const body = JSON.stringify({
      id: newId('evt'),
      type: eventType,
      timestamp: new Date().toISOString(),
      data: payment,
    })
    const delivery: Delivery = {
      id: newId('dlv'),
      hookId: newId('msg'),
      endpointId: endpoint.id,
      eventType,
      paymentId: payment.id,
      status: 'pending',
      attempts: [],
      nextAttemptAt: new Date().toISOString(),
    }
    this.deliveries.unshift(delivery)
    for (const old of this.deliveries.splice(deliveryLimits.maxKept)) {
      this.dropped.add(old)
      clearTimeout(this.timers.get(old))
      this.timers.delete(old)
    }
    void this.attempt(delivery, endpoint, body, this.generation)
    return structuredClone(delivery)
  }

  close(): void {
    this.closed = true
    this.cancelPending()
  }

  private cancelPending(): void {
    for (const timer of this.timers.values()) clearTimeout(timer)
    this.timers.clear()
    for (const controller of this.inFlight) controller.abort()
  }

  private isStopped(delivery: Delivery, generation: number): boolean {
    return this.closed || generation !== this.generation || this.dropped.has(delivery)
  }

  /** Why this delivery must not be sent at all, checked before anything connects. */
  private refusal(endpoint: WebhookEndpoint, body: string): string | null {
    const bytes = Buffer.byteLength(body)
    if (bytes > deliveryLimits.maxBodyBytes) {
      return `not sent: the event is ${bytes} bytes, over the sandbox's limit of ${deliveryLimits.maxBodyBytes}`
    }
    const url = URL.parse(endpoint.url)
    if (url === null || !isDeliveryAllowed(url, this.allowedHosts))
      return 'not sent: the URL is not on this computer nor an allowed delivery host'
    return null
  }

  private async attempt(delivery: Delivery, endpoint: WebhookEndpoint, body: string, generation: number): Promise<void> {
    if (this.isStopped(delivery, generation)) return
    const attempt = delivery.attempts.length + 1
    const hookTimestamp = Math.floor(Date.now() / 1000)
    const startedAt = new Date()
    const refusal = this.refusal(endpoint, body)
    const { statusCode, error } =
      refusal === null ? await this.post(delivery, endpoint, body, hookTimestamp) : { statusCode: null, error: refusal }
    delivery.attempts.push({
      attempt,
      startedAt: startedAt.toISOString(),
      hookTimestamp,
      durationMs: Date.now() - startedAt.getTime(),
      statusCode,
      error,
    })
    if (error === null) {
      delivery.status = 'delivered'
      delivery.nextAttemptAt = null
      return
    }
    // close() or clear() may have run while the receiver was answering.
    if (refusal !== null || attempt >= this.policy.maxAttempts || this.isStopped(delivery, generation)) {
      delivery.status = 'failed'
      delivery.nextAttemptAt = null
      return
    }
    const delay = this.policy.baseDelayMs * 2 ** (attempt - 1)
    delivery.nextAttemptAt = new Date(Date.now() + delay).toISOString()
    const timer = setTimeout(() => {
      this.timers.delete(delivery)
      void this.attempt(delivery, endpoint, body, generation)
    }, delay)
    this.timers.set(delivery, timer)
  }

  /** One signed POST; the answer's status, or why there was none. */
  private async post(delivery: Delivery, endpoint: WebhookEndpoint, body: string, hookTimestamp: number) {
    const controller = new AbortController()
    const timeout = setTimeout(() => {
      controller.abort()
    }, this.policy.timeoutMs)
    this.inFlight.add(controller)
    try {
      const response = await this.send(endpoint.url, {
        method: 'POST',
        body,
        redirect: 'manual',
        signal: controller.signal,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'payments-desk-sandbox-webhooks/1',
          'hook-id': delivery.hookId,
          'hook-timestamp': String(hookTimestamp),
          'hook-signature': signatureFor(endpoint.secret, delivery.hookId, hookTimestamp, body),
        },
      })
      // Only the status is kept: nothing a receiver (or any local service) answers is read,
      // so the delivery list cannot be used to read what a port on this machine says.
      await response.body?.cancel()
      const ok = response.status >= 200 && response.status <= 299
      return { statusCode: response.status, error: ok ? null : `receiver answered ${response.status}` }
    } catch (cause) {
      return {
        statusCode: null,
        error: controller.signal.aborted ? `no answer within ${this.policy.timeoutMs} ms` : describeFetchError(cause),
      }
    } finally {
      clearTimeout(timeout)
      this.inFlight.delete(controller)
    }
  }
}

function describeFetchError(cause: unknown): string {
  const inner = cause instanceof Error && cause.cause instanceof Error ? cause.cause : cause
  const code = typeof inner === 'object' && inner !== null && 'code' in inner ? inner.code : undefined
  // Node's own codes (ECONNREFUSED, UND_ERR_SOCKET); anything else is not echoed.
  if (typeof code === 'string' && /^[A-Z][A-Z0-9_]{0,39}$/.test(code)) return `connection failed (${code})`
  return 'connection failed'
}
