import type { BatchJob, BatchProgress, BatchResult } from '../../../src/shared/contract/batch-schema'
import type { FakeApi } from '../fake-api'

export function job(patch: Partial<BatchJob> = {}): BatchJob {
  return {
    id: 'batch_1',
    label: 'March report',
    environment: 'local',
    account: { id: 'default', name: 'Default' },
    createdAt: Date.UTC(2025, 2, 1, 9, 30),
    total: 4,
    done: 0,
    status: 'running',
    pauseReason: null,
    counts: { found: 0, notFound: 0, error: 0, failedPayments: 0 },
    rateLimited: 0,
    ...patch,
  }
}

export function progress(patch: Partial<BatchProgress> = {}): BatchProgress {
  return { ...job(), ratePerSecond: 12.5, etaSeconds: 30, pausedUntil: null, ...patch }
}

const empty = {
  paymentStatus: null,
  amount: null,
  currency: null,
  paymentMethod: null,
  errorCode: null,
  retryable: null,
  attemptedAt: null,
  customerEmail: null,
  failure: null,
  at: 0,
}

export function settled(id: string, patch: Partial<BatchResult> = {}): BatchResult {
  return {
    ...empty,
    id,
    outcome: 'found',
    paymentStatus: 'settled',
    amount: 12000,
    currency: 'EUR',
    paymentMethod: 'CARD',
    attemptedAt: '2025-03-01T09:00:00.000Z',
    customerEmail: 'ada@example.com',
    ...patch,
  }
}

export function failed(id: string, code: string, retryable: BatchResult['retryable'], patch: Partial<BatchResult> = {}): BatchResult {
  return settled(id, { paymentStatus: 'failed', errorCode: code, retryable, ...patch })
}

export const notFound = (id: string): BatchResult => ({ ...empty, id, outcome: 'not-found' })

export function lookupError(id: string, code: 'network' | 'server-error' = 'network'): BatchResult {
  return {
    ...empty,
    id,
    outcome: 'error',
    failure: { code, message: code === 'network' ? 'Could not reach the service.' : 'The service failed (500) after 3 attempts.' },
  }
}

export const mixedResults: BatchResult[] = [
  settled('pay_a'),
  failed('pay_b', 'card_declined', 'yes'),
  failed('pay_c', 'expired_card', 'no', { amount: 500 }),
  notFound('pay_d'),
  lookupError('pay_e'),
  failed('pay_f', 'card_declined', 'yes', { amount: 9000 }),
]

/** A fake main side for batches: start answers a running job; results answer `results`. */
export function serveBatches(api: FakeApi, options: { jobs?: BatchJob[]; results?: BatchResult[] } = {}) {
  const state = { results: options.results ?? [] }
  api.handle('batchList', () => options.jobs ?? [])
  api.handle('batchStart', ({ ids, label }) => job({ total: ids.length, label: label === '' ? `${ids.length} IDs` : label }))
  api.handle('batchResults', () => state.results)
  const known = (jobId: string): BatchJob => options.jobs?.find((j) => j.id === jobId) ?? job({ id: jobId })
  api.handle('batchPause', ({ jobId }) => ({ ...known(jobId), status: 'paused' }))
  api.handle('batchResume', ({ jobId }) => ({ ...known(jobId), status: 'running' }))
  api.handle('batchCancel', ({ jobId }) => ({ ...known(jobId), status: 'cancelled' }))
  return state
}
