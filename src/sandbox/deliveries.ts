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

const maxDeliveriesKept = 1_000

/**
 * Delivers events to registered endpoints the way a Standard Webhooks provider does:
 * signed POSTs, retried with exponential backoff, one hook-id for all attempts of a
 * delivery and a fresh timestamp (and so a fresh signature) on each.
 */
export class DeliveryQueue {
  private readonly deliveries: Delivery[] = []
  private readonly timers = new Set<NodeJS.Timeout>()
  private readonly inFlight = new Set<AbortController>()
  private closed = false
  /** Bumped by clear(), so retries of deliveries from before a reset stop. */
  private generation = 0

  constructor(public policy: DeliveryPolicy = defaultDeliveryPolicy) {}

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
    if (this.deliveries.length > maxDeliveriesKept) this.deliveries.length = maxDeliveriesKept
    void this.attempt(delivery, endpoint, body, this.generation)
    return structuredClone(delivery)
  }

  close(): void {
    this.closed = true
    this.cancelPending()
  }

  private cancelPending(): void {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    for (const controller of this.inFlight) controller.abort()
  }

  private isStopped(generation: number): boolean {
    return this.closed || generation !== this.generation
  }

  private async attempt(delivery: Delivery, endpoint: WebhookEndpoint, body: string, generation: number): Promise<void> {
    if (this.closed) return
    const attempt = delivery.attempts.length + 1
    const hookTimestamp = Math.floor(Date.now() / 1000)
    const startedAt = new Date()
    const controller = new AbortController()
    const timeout = setTimeout(() => {
      controller.abort()
    }, this.policy.timeoutMs)
    this.inFlight.add(controller)
    let statusCode: number | null = null
    let error: string | null = null
    try {
      const response = await fetch(endpoint.url, {
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
      statusCode = response.status
      await response.body?.cancel()
      if (statusCode < 200 || statusCode > 299) error = `receiver answered ${statusCode}`
    } catch (cause) {
      error = controller.signal.aborted ? `no answer within ${this.policy.timeoutMs} ms` : describeFetchError(cause)
    } finally {
      clearTimeout(timeout)
      this.inFlight.delete(controller)
    }
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
    if (attempt >= this.policy.maxAttempts || this.isStopped(generation)) {
      delivery.status = 'failed'
      delivery.nextAttemptAt = null
      return
    }
    const delay = this.policy.baseDelayMs * 2 ** (attempt - 1)
    delivery.nextAttemptAt = new Date(Date.now() + delay).toISOString()
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      void this.attempt(delivery, endpoint, body, generation)
    }, delay)
    this.timers.add(timer)
  }
}

function describeFetchError(cause: unknown): string {
  const inner = cause instanceof Error && cause.cause instanceof Error ? cause.cause : cause
  const code = typeof inner === 'object' && inner !== null && 'code' in inner ? inner.code : undefined
  if (typeof code === 'string') return `connection failed (${code})`
  return 'connection failed'
}
