import { vi } from 'vitest'
import type { AppErrorShape } from '../../../src/shared/app-error'
import type { PaymentLookup, PaymentView } from '../../../src/shared/contract/payment-schema'
import type { IpcResult } from '../../../src/shared/contract/ipc-result'
import { defaultSettings } from '../../../src/shared/contract/settings-schema'
import { installFakeApi, type FakeApi } from '../fake-api'
import { noPolicyView } from '../../../src/shared/policy/no-policy'
import type { Account } from '../../../src/shared/accounts'
import { environmentIds, environmentLabels, type EnvironmentId } from '../../../src/shared/environments'

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
  /** Where main looks now: the active environment and account, as getSettings tells them. */
  place: { environment: EnvironmentId; account: string }
  /** Payments other accounts of the environment hold, by account ID (what "Look up in every account" finds). */
  elsewhere: Map<string, PaymentView[]>
  /** Holds the next lookup of `id` until the returned function is called. */
  hold(id: string): () => void
}

const environmentViews = (accounts: Account[], active: string) =>
  environmentIds.map((id) => ({
    id,
    label: environmentLabels[id],
    baseUrl: id === 'local' ? null : 'https://api.example.com',
    hasKey: true,
    managed: id === 'local',
    accounts: accounts.map((account) => ({ ...account, hasKey: true })),
    activeAccount: active,
  }))

/**
 * A fake main process for the Payments screen: getPayment answers from `payments`,
 * a 404 in the main process's words for any other ID, and remembers IDs as the real one does.
 */
export function installFakePayments(
  payments: PaymentView[] = [],
  accounts: Account[] = [{ id: 'default', name: 'Default' }],
): FakePayments {
  const api = installFakeApi()
  const held = new Map<string, Promise<void>>()
  const fake: FakePayments = {
    api,
    lookups: [],
    recent: [],
    payments: new Map(payments.map((p) => [p.id ?? '', p])),
    error: null,
    gate: null,
    place: { environment: 'local', account: accounts[0]?.id ?? 'default' },
    elsewhere: new Map(),
    hold(id) {
      let release: () => void = () => undefined
      held.set(id, new Promise((resolve) => (release = resolve)))
      return () => {
        release()
      }
    },
  }
  const inAccount = (id: string): PaymentView[] => (id === accounts[0]?.id ? [...fake.payments.values()] : (fake.elsewhere.get(id) ?? []))
  const account = () => accounts.find((a) => a.id === fake.place.account) ?? { id: 'default', name: 'Default' }
  const getPayment = vi.fn(async ({ id }: { id: string }): Promise<IpcResult<PaymentLookup>> => {
    fake.lookups.push(id)
    // Where main looks is decided when the request arrives, not when it answers.
    const place = { ...fake.place, account: account() }
    const hold = held.get(id)
    held.delete(id)
    if (hold) await hold
    if (fake.gate) await fake.gate
    if (fake.error) return { ok: false, error: fake.error }
    const payment = place.environment === 'local' ? inAccount(place.account.id).find((p) => p.id === id) : undefined
    const where = `${environmentLabels[place.environment]}${accounts.length > 1 ? ` (${place.account.name})` : ''}`
    if (!payment) return { ok: false, error: { code: 'not-found', message: `No payment with this ID in ${where}.` } }
    fake.recent = [id, ...fake.recent.filter((r) => r !== id)]
    return {
      ok: true,
      value: { id, environment: place.environment, account: place.account, fetchedAt: Date.now(), payment, raw: payment },
    }
  })
  api.handle('findPaymentInAccounts', ({ id }) =>
    accounts.map((a) => {
      const payment = inAccount(a.id).find((p) => p.id === id)
      const lookup = payment ? { id, environment: fake.place.environment, account: a, fetchedAt: Date.now(), payment, raw: payment } : null
      return { account: a, lookup, error: null }
    }),
  )
  api.handle('updateSettings', (patch) => {
    if (patch.activeEnvironment) fake.place = { ...fake.place, environment: patch.activeEnvironment }
    if (patch.activeAccount) fake.place = { ...fake.place, account: patch.activeAccount.account }
    return view()
  })
  Object.assign(window.paymentsDesk.invoke, { getPayment })
  function view() {
    return {
      settings: {
        ...defaultSettings,
        activeEnvironment: fake.place.environment,
        recentLookups: fake.recent.map((id) => ({ id, environment: 'local' as const, account: accounts[0]?.id ?? 'default' })),
      },
      environments: environmentViews(accounts, fake.place.account),
      notice: null,
      policy: noPolicyView,
    }
  }
  api.handle('getSettings', view)
  return fake
}
