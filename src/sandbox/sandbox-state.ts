import type { CheckoutRequest } from './checkout-validation'
import { DeliveryQueue } from './deliveries'
import { newId } from './ids'
import type { EventType, Payment, WebhookEndpoint } from './records'
import { bulkPayments, seedPayments } from './seed'
import { newWebhookSecret } from './signing'

export interface AttemptOptions {
  paymentMethod?: string
}

/** The sandbox's data: payments, webhook endpoints and their deliveries, in memory. */
export class SandboxState {
  private readonly payments = new Map<string, Payment>()
  private readonly endpoints = new Map<string, WebhookEndpoint>()
  readonly deliveries = new DeliveryQueue()

  constructor(
    private readonly baseUrl: string,
    /** Generated payments (`pay_bulk_000001` ...) on top of the seed, for batch work. */
    private readonly bulkPayments = 0,
    private readonly startedAt = Date.now(),
  ) {
    this.reset()
  }

  reset(): void {
    this.payments.clear()
    this.endpoints.clear()
    this.deliveries.clear()
    for (const payment of seedPayments(this.baseUrl, this.startedAt)) this.payments.set(payment.id, payment)
    for (const payment of bulkPayments(this.bulkPayments, this.baseUrl, this.startedAt)) this.payments.set(payment.id, payment)
  }

  getPayment(id: string): Payment | undefined {
    const payment = this.payments.get(id)
    return payment && structuredClone(payment)
  }

  listPayments(): Payment[] {
    return [...this.payments.values()].map((payment) => structuredClone(payment))
  }

  createPayment(request: CheckoutRequest): Payment {
    const id = newId('pay')
    const now = new Date().toISOString()
    const payment: Payment = {
      id,
      status: 'pending',
      amount: request.products.reduce((sum, product) => sum + product.price * product.quantity, 0),
      currency: request.currency,
      customerEmail: request.customerEmail,
      products: request.products,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      checkoutUrl: `${this.baseUrl}/checkout/${id}`,
      createdAt: now,
      updatedAt: now,
      lastDepositAttempt: null,
    }
    this.payments.set(id, payment)
    return structuredClone(payment)
  }

  /** Records a failed deposit attempt with `code` and emits `payment.failed`. */
  failPayment(id: string, code: string, options: AttemptOptions = {}): Payment | undefined {
    return this.recordAttempt(id, 'failed', code, options)
  }

  /** Records a successful deposit attempt and emits `payment.settled`. */
  settlePayment(id: string, options: AttemptOptions = {}): Payment | undefined {
    return this.recordAttempt(id, 'settled', null, options)
  }

  registerEndpoint(url: string, connect: boolean): WebhookEndpoint {
    const endpoint: WebhookEndpoint = {
      id: newId('we'),
      url,
      connect,
      createdAt: new Date().toISOString(),
      secret: newWebhookSecret(),
    }
    this.endpoints.set(endpoint.id, endpoint)
    return { ...endpoint }
  }

  listEndpoints(): Omit<WebhookEndpoint, 'secret'>[] {
    return [...this.endpoints.values()].map(({ id, url, connect, createdAt }) => ({ id, url, connect, createdAt }))
  }

  private recordAttempt(id: string, outcome: 'failed' | 'settled', code: string | null, options: AttemptOptions) {
    const payment = this.payments.get(id)
    if (!payment) return undefined
    const now = new Date().toISOString()
    payment.status = outcome
    payment.updatedAt = now
    payment.lastDepositAttempt = {
      status: outcome === 'failed' ? 'failed' : 'succeeded',
      amount: payment.amount,
      paymentMethod: options.paymentMethod ?? 'CARD',
      error: code,
      attemptedAt: now,
    }
    this.emit(outcome === 'failed' ? 'payment.failed' : 'payment.settled', payment)
    return structuredClone(payment)
  }

  private emit(type: EventType, payment: Payment): void {
    for (const endpoint of this.endpoints.values()) this.deliveries.enqueue(endpoint, type, structuredClone(payment))
  }
}
