import { notifications } from '@mantine/notifications'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useConnection } from '../../../src/renderer/src/stores/connection-store'
import { useNavigation } from '../../../src/renderer/src/stores/navigation-store'
import { usePayments } from '../../../src/renderer/src/stores/payments-store'
import { failedPayment, installFakePayments } from './fake-payments'

const declined = failedPayment('card_declined')
const state = () => usePayments.getState()

afterEach(() => {
  vi.restoreAllMocks()
})

describe('payments store: the ID field', () => {
  it('looks up the ID in the field, trimmed', async () => {
    const fake = installFakePayments([declined])
    state().setInput('  pay_seed_card_declined \n')
    await state().submit()
    expect(fake.lookups).toEqual(['pay_seed_card_declined'])
    expect(state().lookup).toMatchObject({
      status: 'done',
      key: { id: 'pay_seed_card_declined', environment: 'local', account: 'default' },
      result: { payment: { lastDepositAttempt: { error: 'card_declined' } } },
    })
  })

  it('takes the ID out of a pasted dashboard link and says so', () => {
    installFakePayments()
    expect(state().paste('https://dashboard.example.com/payments/pay_seed_card_declined?tab=1')).toBe(true)
    expect(state().input).toBe('pay_seed_card_declined')
    expect(state().fieldHint).toContain('pay_seed_card_declined')
  })

  it('takes the ID out of a sentence typed or dropped into the field on Enter', async () => {
    const fake = installFakePayments([declined])
    state().setInput('customer says pay_seed_card_declined failed')
    await state().submit()
    expect(fake.lookups).toEqual(['pay_seed_card_declined'])
    expect(state().input).toBe('pay_seed_card_declined')
  })

  it('does not guess between two IDs, and sends nothing', async () => {
    const fake = installFakePayments()
    expect(state().paste('either pay_a or pay_b')).toBe(true)
    expect(state().candidates).toEqual(['pay_a', 'pay_b'])
    expect(state().fieldError).toMatch(/2 different IDs/)
    await state().submit()
    expect(fake.lookups).toEqual([])
  })

  it('lets an empty paste through to the field', () => {
    installFakePayments()
    expect(state().paste('   ')).toBe(false)
  })

  it.each([
    ['nothing', '', 'Enter a payment ID'],
    ['an ID that is too long', 'p'.repeat(200), 'at most 128 characters'],
    ['a link with no ID-shaped part', 'https://dashboard.example.com/payments/12345', 'not a link'],
  ])('refuses %s inline without sending anything', async (_label, text, message) => {
    const fake = installFakePayments()
    state().setInput(text)
    await state().submit()
    expect(fake.lookups).toEqual([])
    expect(state().fieldError).toContain(message)
    expect(state().lookup).toBeNull()
  })

  it('clears the field error and hint when the user types', () => {
    installFakePayments()
    state().paste('pay_a or pay_b')
    state().setInput('pay_a')
    expect(state()).toMatchObject({ fieldError: null, fieldHint: null, candidates: [] })
  })
})

describe('payments store: lookups', () => {
  it('keeps the 404 as the outcome, in the main process words', async () => {
    installFakePayments()
    await state().open('pay_nope')
    expect(state().lookup).toMatchObject({
      status: 'failed',
      key: { id: 'pay_nope' },
      error: { code: 'not-found', message: 'No payment with this ID in Local sandbox.' },
    })
  })

  it('shows an invalid-id answer from the main process under the field', async () => {
    const fake = installFakePayments()
    fake.error = { code: 'invalid-id', message: 'A payment ID cannot contain "..".' }
    await state().open('pay..x')
    expect(state()).toMatchObject({ lookup: null, fieldError: 'A payment ID cannot contain "..".' })
  })

  it('retries the same ID', async () => {
    const fake = installFakePayments([declined])
    fake.error = { code: 'timeout', message: 'The service did not answer within 15 seconds.' }
    await state().open('pay_seed_card_declined')
    expect(state().lookup?.status).toBe('failed')
    fake.error = null
    await state().retry()
    expect(fake.lookups).toEqual(['pay_seed_card_declined', 'pay_seed_card_declined'])
    expect(state().lookup?.status).toBe('done')
  })

  it('shows only the latest of two overlapping lookups', async () => {
    const settled = failedPayment('x', { id: 'pay_settled', status: 'settled', lastDepositAttempt: null })
    const fake = installFakePayments([declined, settled])
    let release: () => void = () => undefined
    fake.gate = new Promise((resolve) => {
      release = resolve
    })
    const first = state().open('pay_seed_card_declined')
    fake.gate = null
    await state().open('pay_settled')
    release()
    await first
    expect(state().lookup).toMatchObject({ status: 'done', key: { id: 'pay_settled' }, result: { id: 'pay_settled' } })
  })

  it('reads the recent lookups again after each lookup, found or not', async () => {
    installFakePayments([declined])
    await state().open('pay_seed_card_declined')
    await vi.waitFor(() => {
      expect(useConnection.getState().view?.settings.recentLookups.map((r) => r.id)).toEqual(['pay_seed_card_declined'])
    })
    await state().open('pay_missing')
    await vi.waitFor(() => {
      expect(useConnection.getState().loading).toBe(false)
    })
    expect(useConnection.getState().view?.settings.recentLookups.map((r) => r.id)).toEqual(['pay_seed_card_declined'])
  })

  it('notifies when the answer arrives while the user is on another screen', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id')
    installFakePayments([declined])
    const lookup = state().open('pay_seed_card_declined')
    useNavigation.getState().go('settings')
    await lookup
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Payment pay_seed_card_declined: failed', message: 'Declined by the bank (card_declined)' }),
    )
  })

  it('does not notify when the user is on the Payments screen', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id')
    installFakePayments()
    await state().open('pay_missing')
    expect(show).not.toHaveBeenCalled()
  })
})
