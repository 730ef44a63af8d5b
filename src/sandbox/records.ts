// The sandbox's own record shapes. The service documents only `lastDepositAttempt`
// and the webhook `url`/`secret`; everything else here is the sandbox's definition.

export const currencies = ['EUR', 'USD'] as const
export type Currency = (typeof currencies)[number]

export interface Product {
  name: string
  /** Minor units (cents): the sandbox's choice, since the service does not say. */
  price: number
  quantity: number
}

export interface DepositAttempt {
  status: 'failed' | 'succeeded'
  amount: number
  paymentMethod: string
  error: string | null
  attemptedAt: string
}

export type PaymentStatus = 'pending' | 'failed' | 'settled'

export interface Payment {
  id: string
  status: PaymentStatus
  amount: number
  currency: Currency
  customerEmail: string
  products: Product[]
  successUrl: string
  cancelUrl: string
  checkoutUrl: string
  createdAt: string
  updatedAt: string
  lastDepositAttempt: DepositAttempt | null
}

export interface WebhookEndpoint {
  id: string
  url: string
  /** Sandbox flag: the endpoint belongs to a marketplace (Connect) account. */
  connect: boolean
  createdAt: string
  secret: string
}

export type EventType = 'payment.failed' | 'payment.settled'

export interface DeliveryAttempt {
  attempt: number
  startedAt: string
  hookTimestamp: number
  durationMs: number
  statusCode: number | null
  error: string | null
}

export interface Delivery {
  id: string
  hookId: string
  endpointId: string
  eventType: string
  paymentId: string
  status: 'pending' | 'delivered' | 'failed'
  attempts: DeliveryAttempt[]
  nextAttemptAt: string | null
}
