import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { useConnection } from '../../../src/renderer/src/stores/connection-store'
import { PaymentsView } from '../../../src/renderer/src/views/payments/payments-view'
import type { Account } from '../../../src/shared/accounts'
import type { PaymentView } from '../../../src/shared/contract/payment-schema'
import { renderWithProviders } from '../render'
import { failedPayment, installFakePayments } from './fake-payments'

// The screen's one rule, case by case from the issue: what is shown answers the ID in the
// field, in the environment and account in use, or nothing is shown.

const declined = failedPayment('card_declined')
const settled = failedPayment('x', { id: 'pay_seed_settled_1', status: 'settled', lastDepositAttempt: null })
const twoShops: Account[] = [
  { id: 'default', name: 'Default' },
  { id: 'second-shop', name: 'Second shop' },
]

async function renderPayments(payments: PaymentView[] = [declined, settled], accounts?: Account[]) {
  const fake = installFakePayments(payments, accounts)
  await useConnection.getState().load()
  renderWithProviders(<PaymentsView />)
  return { fake, user: userEvent.setup() }
}

const field = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Payment ID' })

async function lookUp(user: ReturnType<typeof userEvent.setup>, id: string) {
  await user.clear(field())
  await user.type(field(), `${id}{Enter}`)
}

/** The ID the payment card shows, or null when no card is shown. */
function cardId(): string | null {
  const summary = screen.queryByTestId('payment-summary')
  return summary ? within(summary).getByRole('heading', { level: 3 }).textContent : null
}

/** Every state the screen passes through ends with the card (if any) showing the field's ID. */
function expectCardMatchesField() {
  const shown = cardId()
  if (shown !== null) expect(shown).toBe(field().value.trim())
}

describe('Payments: the result answers the ID in the field', () => {
  it('takes a second ID and Enter while the first lookup is slow, and shows the second even when the first answers last', async () => {
    const { fake, user } = await renderPayments()
    const releaseFirst = fake.hold('pay_seed_card_declined')
    await lookUp(user, 'pay_seed_card_declined')
    expect(screen.getByTestId('lookup-loading')).toHaveTextContent('pay_seed_card_declined')
    await lookUp(user, 'pay_seed_settled_1')
    expect(fake.lookups).toEqual(['pay_seed_card_declined', 'pay_seed_settled_1'])
    await waitFor(() => {
      expect(cardId()).toBe('pay_seed_settled_1')
    })
    releaseFirst()
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20))
    })
    expect(field()).toHaveValue('pay_seed_settled_1')
    expect(cardId()).toBe('pay_seed_settled_1')
    expect(screen.queryByTestId('failure-card')).not.toBeInTheDocument()
  })

  it('shows the second ID loading, not the first one answered, when the first answers while the second waits', async () => {
    const { fake, user } = await renderPayments()
    const releaseFirst = fake.hold('pay_seed_card_declined')
    const releaseSecond = fake.hold('pay_seed_settled_1')
    await lookUp(user, 'pay_seed_card_declined')
    await lookUp(user, 'pay_seed_settled_1')
    releaseFirst()
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20))
    })
    expect(cardId()).toBeNull()
    expect(screen.getByTestId('lookup-loading')).toHaveTextContent('Looking up pay_seed_settled_1')
    releaseSecond()
    await waitFor(() => {
      expect(cardId()).toBe('pay_seed_settled_1')
    })
    expectCardMatchesField()
  })

  it('shows nothing for an ID typed over the one looked up, until Enter', async () => {
    const { user } = await renderPayments()
    await lookUp(user, 'pay_seed_card_declined')
    await screen.findByTestId('failure-card')
    await user.clear(field())
    await user.type(field(), 'pay_seed_settled_1')
    expect(cardId()).toBeNull()
    expect(screen.queryByTestId('failure-card')).not.toBeInTheDocument()
    await user.keyboard('{Enter}')
    await waitFor(() => {
      expect(cardId()).toBe('pay_seed_settled_1')
    })
  })

  it('clears the sandbox payment when the environment changes to Production', async () => {
    const { fake, user } = await renderPayments()
    await lookUp(user, 'pay_seed_card_declined')
    await screen.findByTestId('failure-card')
    await act(() => useConnection.getState().update({ activeEnvironment: 'production' }))
    expect(fake.place.environment).toBe('production')
    expect(cardId()).toBeNull()
    expect(screen.queryByTestId('failure-card')).not.toBeInTheDocument()
  })

  it('clears the payment when another account is chosen, and a lookup running then does not bring it back', async () => {
    const { fake, user } = await renderPayments([declined, settled], twoShops)
    await lookUp(user, 'pay_seed_card_declined')
    await screen.findByTestId('failure-card')
    const release = fake.hold('pay_seed_settled_1')
    await lookUp(user, 'pay_seed_settled_1')
    await act(() => useConnection.getState().switchAccount('local', 'second-shop'))
    release()
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20))
    })
    expect(cardId()).toBeNull()
  })

  it('replaces "not found" and "Search the other account" with where "Look up in every account" found it', async () => {
    const secondShopPayment = failedPayment('expired_card', { id: 'pay_second_shop_expired_card' })
    const { fake, user } = await renderPayments([declined], twoShops)
    fake.elsewhere.set('second-shop', [secondShopPayment])
    await lookUp(user, 'pay_second_shop_expired_card')
    await screen.findByRole('heading', { name: 'No payment with this ID in Local sandbox (Default).' })
    await user.click(screen.getByRole('button', { name: 'Search the other account' }))
    const findings = await screen.findByTestId('every-account-results')
    expect(within(findings).getByRole('heading', { name: 'pay_second_shop_expired_card: found in 1 of 2 accounts' })).toBeInTheDocument()
    expect(screen.queryByText(/No payment with this ID/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Search the other account' })).not.toBeInTheDocument()
    await user.click(within(findings).getByRole('button', { name: 'Open in Second shop' }))
    await screen.findByTestId('failure-card')
    expect(cardId()).toBe('pay_second_shop_expired_card')
    expect(screen.queryByTestId('every-account-results')).not.toBeInTheDocument()
  })

  it('never shows a two-IDs error above a "not found" for another ID', async () => {
    const { user } = await renderPayments()
    await lookUp(user, 'pay_nope')
    await screen.findByTestId('not-found')
    fireEvent.paste(field(), { clipboardData: { getData: () => 'either pay_seed_card_declined or pay_seed_settled_1' } })
    expect(field()).toHaveAccessibleDescription(/2 different IDs/)
    expect(screen.queryByTestId('not-found')).not.toBeInTheDocument()
    expect(screen.queryByText(/No payment with this ID/)).not.toBeInTheDocument()
  })

  it('lists only the recent lookups of the environment in use', async () => {
    const { user } = await renderPayments()
    await lookUp(user, 'pay_seed_card_declined')
    const recent = screen.getByRole('group', { name: 'Recent lookups' })
    await within(recent).findByRole('button', { name: 'pay_seed_card_declined' })
    await act(() => useConnection.getState().update({ activeEnvironment: 'production' }))
    expect(within(recent).queryByRole('button', { name: 'pay_seed_card_declined' })).not.toBeInTheDocument()
    expect(within(recent).getByText('none yet')).toBeInTheDocument()
  })
})
