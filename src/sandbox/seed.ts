import { declineCodes } from '../shared/decline-codes'
import type { Currency, Payment, Product } from './records'

/** The 17 payment error codes of the service's documentation, section 7.4. */
export const documentedErrorCodes = declineCodes

export const seedIds = {
  failed: (code: string) => `pay_seed_${code}`,
  settled: ['pay_seed_settled_1', 'pay_seed_settled_2', 'pay_seed_settled_3'],
  pending: ['pay_seed_pending_1', 'pay_seed_pending_2'],
  /** The second merchant's payments (see merchants.ts): invisible to the first merchant's key. */
  secondShop: { failed: 'pay_second_shop_expired_card', settled: 'pay_second_shop_settled_1' },
} as const

const customers = ['ada@example.com', 'grace@example.org', 'linus@example.net', 'margaret@example.com', 'alan@example.org']
const catalogue: Product[] = [
  { name: 'Annual plan', price: 12_000, quantity: 1 },
  { name: 'Team seat', price: 1_500, quantity: 4 },
  { name: 'Onboarding call', price: 9_900, quantity: 1 },
  { name: 'Sticker pack', price: 450, quantity: 3 },
]

function seedPayment(id: string, index: number, checkoutUrl: (id: string) => string, startedAt: number): Payment {
  const product = catalogue[index % catalogue.length] ?? { name: 'Item', price: 1_000, quantity: 1 }
  const createdAt = new Date(startedAt - (index + 1) * 47 * 60_000 - 3 * 3_600_000).toISOString()
  const currency: Currency = index % 3 === 0 ? 'USD' : 'EUR'
  return {
    id,
    status: 'pending',
    amount: product.price * product.quantity,
    currency,
    customerEmail: customers[index % customers.length] ?? 'customer@example.com',
    products: [{ ...product }],
    successUrl: 'https://shop.example.com/checkout/success',
    cancelUrl: 'https://shop.example.com/checkout/cancel',
    checkoutUrl: checkoutUrl(id),
    createdAt,
    updatedAt: createdAt,
    lastDepositAttempt: null,
  }
}

/**
 * Payments with stable IDs: one failed payment per documented error code, settled
 * payments and pending ones with no attempt yet. Times are relative to the start, so
 * "3 hours ago" reads naturally on any day.
 */
export function seedPayments(checkoutUrl: (id: string) => string, startedAt: number): Payment[] {
  const payments: Payment[] = []
  documentedErrorCodes.forEach((code, index) => {
    const payment = seedPayment(seedIds.failed(code), index, checkoutUrl, startedAt)
    const attemptedAt = new Date(startedAt - (index + 1) * 13 * 60_000).toISOString()
    payment.status = 'failed'
    payment.updatedAt = attemptedAt
    payment.lastDepositAttempt = { status: 'failed', amount: payment.amount, paymentMethod: 'CARD', error: code, attemptedAt }
    payments.push(payment)
  })
  seedIds.settled.forEach((id, index) => {
    const payment = seedPayment(id, index + 20, checkoutUrl, startedAt)
    const attemptedAt = new Date(startedAt - (index + 1) * 29 * 60_000).toISOString()
    payment.status = 'settled'
    payment.updatedAt = attemptedAt
    payment.lastDepositAttempt = { status: 'succeeded', amount: payment.amount, paymentMethod: 'CARD', error: null, attemptedAt }
    payments.push(payment)
  })
  seedIds.pending.forEach((id, index) => {
    payments.push(seedPayment(id, index + 30, checkoutUrl, startedAt))
  })
  return payments
}

/** The second merchant's own payments: one failed, one settled. */
export function secondShopPayments(checkoutUrl: (id: string) => string, startedAt: number): Payment[] {
  const failed = seedPayment(seedIds.secondShop.failed, 7, checkoutUrl, startedAt)
  const attemptedAt = new Date(startedAt - 22 * 60_000).toISOString()
  failed.status = 'failed'
  failed.updatedAt = attemptedAt
  failed.lastDepositAttempt = { status: 'failed', amount: failed.amount, paymentMethod: 'CARD', error: 'expired_card', attemptedAt }
  const settled = seedPayment(seedIds.secondShop.settled, 11, checkoutUrl, startedAt)
  settled.status = 'settled'
  settled.updatedAt = attemptedAt
  settled.lastDepositAttempt = { status: 'succeeded', amount: settled.amount, paymentMethod: 'CARD', error: null, attemptedAt }
  return [failed, settled]
}

export const bulkPaymentId = (n: number): string => `pay_bulk_${String(n).padStart(6, '0')}`

/**
 * `count` generated payments with stable IDs pay_bulk_000001 ...: of every ten, six
 * settled, three failed (the documented codes in turn) and one with no attempt yet.
 */
export function bulkPayments(count: number, checkoutUrl: (id: string) => string, startedAt: number): Payment[] {
  const payments: Payment[] = []
  for (let n = 1; n <= count; n++) {
    const payment = seedPayment(bulkPaymentId(n), n, checkoutUrl, startedAt)
    const kind = n % 10
    const attemptedAt = new Date(startedAt - (n % 1440) * 60_000).toISOString()
    if (kind < 6) {
      payment.status = 'settled'
      payment.lastDepositAttempt = { status: 'succeeded', amount: payment.amount, paymentMethod: 'CARD', error: null, attemptedAt }
    } else if (kind < 9) {
      const code = documentedErrorCodes[n % documentedErrorCodes.length] ?? 'card_declined'
      payment.status = 'failed'
      payment.lastDepositAttempt = { status: 'failed', amount: payment.amount, paymentMethod: 'CARD', error: code, attemptedAt }
    }
    payment.updatedAt = payment.lastDepositAttempt?.attemptedAt ?? payment.createdAt
    payments.push(payment)
  }
  return payments
}
