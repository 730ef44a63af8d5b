import type { CheckoutRequest } from './checkout-validation'
import { DeliveryQueue, type DeliveryOptions } from './deliveries'
import { newId } from './ids'
import type { EventType, Payment, WebhookEndpoint } from './records'
import { mainMerchant, secondShop, type MerchantId } from './merchants'
import { bulkPayments, secondShopPayments, seedPayments } from './seed'
import { newWebhookSecret } from './signing'

export interface AttemptOptions {
  paymentMethod?: string
}

/**
 * Each endpoint is a URL the sandbox will POST to from inside the app: a bound on how
 * many loopback ports one run can probe through the delivery list.
 */
export const maxEndpoints = 50

/** The sandbox's data: payments, webhook endpoints and their deliveries, in memory. */
export class SandboxState {
  private readonly payments = new Map<string, Payment>()
  /** Payment ID → the merchant whose key sees it. */
  private readonly owners = new Map<string, MerchantId>()
  /** Checkout page ID → payment ID. A page is found by a random ID only, never by a seed ID. */
  private readonly checkouts = new Map<string, string>()
  private readonly endpoints = new Map<string, WebhookEndpoint>()
  readonly deliveries: DeliveryQueue

  constructor(
    private readonly baseUrl: string,
    /** Generated payments (`pay_bulk_000001` ...) on top of the seed, for batch work. */
    private readonly bulkPayments = 0,
    deliveryOptions: DeliveryOptions = {},
    private readonly startedAt = Date.now(),
  ) {
    this.deliveries = new DeliveryQueue(deliveryOptions)
    this.reset()
  }

  reset(): void {
    this.payments.clear()
    this.owners.clear()
    this.checkouts.clear()
    this.endpoints.clear()
    this.deliveries.clear()
    // Seed IDs are documented and stable, so their pages get random IDs of their own.
    const checkoutUrl = (paymentId: string) => this.checkoutUrl(newId('cs'), paymentId)
    for (const payment of seedPayments(checkoutUrl, this.startedAt)) this.add(payment, mainMerchant.id)
    for (const payment of bulkPayments(this.bulkPayments, checkoutUrl, this.startedAt)) this.add(payment, mainMerchant.id)
    for (const payment of secondShopPayments(checkoutUrl, this.startedAt)) this.add(payment, secondShop.id)
  }

  private add(payment: Payment, owner: MerchantId): void {
    this.payments.set(payment.id, payment)
    this.owners.set(payment.id, owner)
  }

  /** The payment whose checkout page has this ID. */
  paymentForCheckout(checkoutId: string): Payment | undefined {
    const paymentId = this.checkouts.get(checkoutId)
    return paymentId === undefined ? undefined : this.getPayment(paymentId)
  }

  private checkoutUrl(checkoutId: string, paymentId: string): string {
    this.checkouts.set(checkoutId, paymentId)
    return `${this.baseUrl}/checkout/${checkoutId}`
  }

  /** As `merchant`'s key sees it (another merchant's payment is not there); any merchant's when absent. */
  getPayment(id: string, merchant?: MerchantId): Payment | undefined {
    if (merchant !== undefined && this.owners.get(id) !== merchant) return undefined
    const payment = this.payments.get(id)
    return payment && structuredClone(payment)
  }

  listPayments(): Payment[] {
    return [...this.payments.values()].map((payment) => structuredClone(payment))
  }

  createPayment(request: CheckoutRequest, merchant: MerchantId = mainMerchant.id): Payment {
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
      // A created payment's ID is random, so its page can carry it.
      checkoutUrl: this.checkoutUrl(id, id),
      createdAt: now,
      updatedAt: now,
      lastDepositAttempt: null,
    }
    this.add(payment, merchant)
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

  /** Undefined when the sandbox already holds maxEndpoints. */
  registerEndpoint(url: string, connect: boolean): WebhookEndpoint | undefined {
    if (this.endpoints.size >= maxEndpoints) return undefined
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
