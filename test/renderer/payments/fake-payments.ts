import { vi } from 'vitest'
import type { AppErrorShape } from '../../../src/shared/app-error'
import type { PaymentLookup, PaymentView } from '../../../src/shared/contract/payment-schema'
import type { IpcResult } from '../../../src/shared/contract/ipc-result'
import { defaultSettings } from '../../../src/shared/contract/settings-schema'
import { installFakeApi, type FakeApi } from '../fake-api'
import { noPolicyView } from '../../../src/shared/policy/no-policy'

const hour = 3_600_000

/** A payment as the sandbox returns it, failed with `code` three hours ago unless overridden. */
export function failedPayment(code: string, overrides: Partial<PaymentView> = {}): PaymentView {
  return {
    id: `pay_seed_${code}`,
    status: 'failed',
    amount: 1_500,
    currency: 'EUR',
    customerEmail: 'ada@example.com',
    lastDepositAttempt: {
      status: 'failed',
      amount: 1_500,
      paymentMethod: 'CARD',
      error: code,
      attemptedAt: new Date(Date.now() - 3 * hour).toISOString(),
    },
    ...overrides,
  }
}

export interface FakePayments {
  api: FakeApi
  /** The IDs getPayment was asked for, in order. */
  lookups: string[]
  /** The IDs the main process would remember, newest first. */
  recent: string[]
  payments: Map<string, PaymentView>
  /** The next lookups fail with this error until it is cleared (null). */
  error: AppErrorShape | null
  /** When set, lookups wait for this before answering. */
  gate: Promise<void> | null
}

/**
 * A fake main process for the Payments screen: getPayment answers from `payments`,
 * a 404 in the main process's words for any other ID, and remembers IDs as the real one does.
 */
export function installFakePayments(payments: PaymentView[] = []): FakePayments {
  const api = installFakeApi()
  const fake: FakePayments = {
    api,
    lookups: [],
    recent: [],
    payments: new Map(payments.map((p) => [p.id ?? '', p])),
    error: null,
    gate: null,
  }
  const getPayment = vi.fn(async ({ id }: { id: string }): Promise<IpcResult<PaymentLookup>> => {
    fake.lookups.push(id)
    if (fake.gate) await fake.gate
    if (fake.error) return { ok: false, error: fake.error }
    const payment = fake.payments.get(id)
    if (!payment) return { ok: false, error: { code: 'not-found', message: 'No payment with this ID in Local sandbox.' } }
    fake.recent = [id, ...fake.recent.filter((r) => r !== id)]
    return {
      ok: true,
      value: { id, environment: 'local', account: { id: 'default', name: 'Default' }, fetchedAt: Date.now(), payment, raw: payment },
    }
  })
  Object.assign(window.paymentsDesk.invoke, { getPayment })
  api.handle('getSettings', () => ({
    settings: { ...defaultSettings, recentLookups: fake.recent.map((id) => ({ id, environment: 'local' as const, account: 'default' })) },
    environments: [
      {
        id: 'local',
        label: 'Local sandbox',
        baseUrl: null,
        hasKey: true,
        managed: true,
        accounts: [{ id: 'default', name: 'Default', hasKey: true }],
        activeAccount: 'default',
      },
    ],
    notice: null,
    policy: noPolicyView,
  }))
  return fake
}
