import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { useConnection } from '../../../src/renderer/src/stores/connection-store'
import { useNavigation } from '../../../src/renderer/src/stores/navigation-store'
import { PaymentsView } from '../../../src/renderer/src/views/payments/payments-view'
import type { PaymentView } from '../../../src/shared/contract/payment-schema'
import { renderWithProviders } from '../render'
import { failedPayment, installFakePayments } from './fake-payments'

async function renderPayments(payments: PaymentView[] = []) {
  const fake = installFakePayments(payments)
  await useConnection.getState().load()
  renderWithProviders(<PaymentsView />)
  return { fake, user: userEvent.setup() }
}

const field = () => screen.getByRole('textbox', { name: 'Payment ID' })

async function lookUp(user: ReturnType<typeof userEvent.setup>, id: string) {
  await user.clear(field())
  await user.type(field(), `${id}{Enter}`)
}

describe('Payments screen', () => {
  it('starts with what to do and sandbox IDs to try', async () => {
    const { fake, user } = await renderPayments([failedPayment('card_declined')])
    expect(screen.getByRole('heading', { name: 'Look up a payment' })).toBeInTheDocument()
    expect(within(screen.getByRole('group', { name: 'Recent lookups' })).getByText('none yet')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'pay_seed_card_declined' }))
    expect(await screen.findByTestId('failure-card')).toBeInTheDocument()
    expect(fake.lookups).toEqual(['pay_seed_card_declined'])
  })

  it('puts the summary, the failure, the customer message and the next step first; meaning and who fixes it in the details', async () => {
    const { user } = await renderPayments([failedPayment('card_declined')])
    await lookUp(user, 'pay_seed_card_declined')
    const card = await screen.findByTestId('failure-card')
    expect(within(card).getByRole('heading', { name: 'Declined by the bank' })).toBeInTheDocument()
    expect(within(card).getByTestId('decline-code')).toHaveTextContent('card_declined')
    expect(within(card).getByTestId('retryable-badge')).toHaveTextContent('Retry: yes')
    expect(within(card).getByTestId('customer-message')).toHaveTextContent('Your card was declined.')
    expect(within(card).getByTestId('agent-next-step')).toHaveTextContent('Tell the customer their bank declined the card.')
    expect(within(card).getByRole('button', { name: 'Copy customer message' })).toBeInTheDocument()
    // Said once, in the summary line: no "Last attempt failed" header; the attempt's own badge and the raw JSON are folded away.
    const outsideDetails = screen
      .getAllByText(/failed/i)
      .filter((element) => !element.closest('[data-testid="payment-details"], [data-testid="raw-json"]'))
    expect(outsideDetails.map((element) => element.textContent)).toEqual(['failed'])
    const why = screen.getByRole('button', { name: 'What it means, who can fix it, retrying' })
    expect(why).toHaveAttribute('aria-expanded', 'false')
    await user.click(why)
    expect(why).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByTestId('who-can-fix')).toHaveTextContent("The customer or the customer's bank")
    expect(screen.getByTestId('decline-meaning')).toHaveTextContent('bank that issued the card refused')
  })

  it('keeps the reason of a stolen card out of the customer message', async () => {
    const { user } = await renderPayments([failedPayment('stolen_card')])
    await lookUp(user, 'pay_seed_stolen_card')
    const card = await screen.findByTestId('failure-card')
    expect(within(card).getByTestId('customer-message').textContent).not.toMatch(/stolen|lost|fraud/i)
    expect(within(card).getByTestId('retryable-badge')).toHaveTextContent('Retry: no')
  })

  it.each([
    ['withdrawal_count_limit_exceeded', 'Retry: later'],
    ['do_not_honor', 'Retry: depends'],
  ])('badges %s as %s', async (code, badge) => {
    const { user } = await renderPayments([failedPayment(code)])
    await lookUp(user, `pay_seed_${code}`)
    expect(await screen.findByTestId('retryable-badge')).toHaveTextContent(badge)
  })

  it('falls back to general advice for a code it does not know', async () => {
    const { user } = await renderPayments([failedPayment('card_velocity_exceeded')])
    await lookUp(user, 'pay_seed_card_velocity_exceeded')
    const card = await screen.findByTestId('failure-card')
    expect(within(card).getByText('Not a documented decline code')).toBeInTheDocument()
    expect(within(card).getByTestId('agent-next-step')).toHaveTextContent('card_velocity_exceeded')
  })

  it('shows the summary line, and the raw amount, method and time of the attempt in the details', async () => {
    const { user } = await renderPayments([failedPayment('card_declined')])
    await lookUp(user, 'pay_seed_card_declined')
    const summary = await screen.findByTestId('payment-summary')
    expect(within(summary).getByTestId('payment-id')).toHaveTextContent('pay_seed_card_declined')
    expect(within(summary).getByTestId('payment-status')).toHaveTextContent('failed')
    expect(within(summary).getByTestId('amount-formatted')).toHaveTextContent('15.00')
    expect(within(summary).getByTestId('payment-customer')).toHaveTextContent('ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Last attempt: when, method, amount as sent' }))
    const details = screen.getByTestId('payment-details')
    expect(within(details).getByTestId('amount-raw')).toHaveTextContent('1500')
    expect(within(details).getByTestId('units-note')).toHaveTextContent('minor units')
    expect(within(details).getByText('CARD')).toBeInTheDocument()
    expect(within(details).getByTestId('attempt-relative')).toHaveTextContent('3 hours ago')
    expect(within(details).getByTestId('attempt-utc')).toHaveTextContent(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/)
  })

  it('shows a settled payment without a failure card, and a pending one with no attempt', async () => {
    const settled = failedPayment('x', {
      id: 'pay_settled',
      status: 'settled',
      lastDepositAttempt: { status: 'succeeded', amount: 1_500, paymentMethod: 'CARD', error: null, attemptedAt: new Date().toISOString() },
    })
    const pending = failedPayment('x', { id: 'pay_pending', status: 'pending', lastDepositAttempt: null })
    const { user } = await renderPayments([settled, pending])
    await lookUp(user, 'pay_settled')
    // Nothing failed, so the last attempt is open from the start.
    expect(await screen.findByTestId('last-attempt')).toHaveTextContent('succeeded')
    expect(screen.queryByTestId('failure-card')).not.toBeInTheDocument()
    await lookUp(user, 'pay_pending')
    expect(await screen.findByText(/No deposit attempt yet/)).toBeInTheDocument()
    expect(screen.queryByTestId('failure-card')).not.toBeInTheDocument()
  })

  it('folds the raw JSON away, and opens it on request', async () => {
    const { user } = await renderPayments([failedPayment('card_declined')])
    await lookUp(user, 'pay_seed_card_declined')
    const toggle = await screen.findByRole('button', { name: 'Show raw JSON' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(screen.getByRole('button', { name: 'Hide raw JSON' })).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByTestId('raw-json')).toHaveTextContent('"error": "card_declined"')
    expect(screen.getByRole('button', { name: 'Copy JSON' })).toBeInTheDocument()
  })

  it('says an unknown ID is not in this environment, as a state rather than an error', async () => {
    const { user } = await renderPayments()
    await lookUp(user, 'pay_nope')
    expect(await screen.findByRole('heading', { name: 'No payment with this ID in Local sandbox.' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
  })

  it('points to Settings on a refused key, and goes there', async () => {
    const { fake, user } = await renderPayments()
    fake.error = { code: 'unauthorized', message: 'The service refused the API key (401).' }
    await lookUp(user, 'pay_1')
    expect(await screen.findByText('The service refused the private key')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Open Settings' }))
    expect(useNavigation.getState().view).toBe('settings')
  })

  it('offers a retry where retrying makes sense', async () => {
    const { fake, user } = await renderPayments([failedPayment('card_declined')])
    fake.error = { code: 'server-error', message: 'The service had an internal error (500).' }
    await lookUp(user, 'pay_seed_card_declined')
    expect(await screen.findByText('The service had an internal error (500).')).toBeInTheDocument()
    fake.error = null
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByTestId('failure-card')).toBeInTheDocument()
  })

  it('offers a retry once the keychain is unlocked', async () => {
    const { fake, user } = await renderPayments([failedPayment('card_declined')])
    fake.error = { code: 'keychain-locked', message: 'The keychain is locked: unlock it and try again.' }
    await lookUp(user, 'pay_seed_card_declined')
    expect(await screen.findByText('The keychain is locked: unlock it and try again.')).toBeInTheDocument()
    fake.error = null
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByTestId('failure-card')).toBeInTheDocument()
  })

  it('offers no retry where it would fail the same way', async () => {
    const { fake, user } = await renderPayments()
    fake.error = {
      code: 'keychain-unavailable',
      message: 'No keychain is available on this system: install and start a Secret Service (gnome-keyring).',
    }
    await lookUp(user, 'pay_1')
    expect(await screen.findByText(/No keychain is available/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
  })

  it('shows an invalid ID under the field and sends nothing', async () => {
    const { fake, user } = await renderPayments()
    await user.type(field(), 'https://dashboard.example.com/payments/12345{Enter}')
    expect(field()).toHaveAccessibleDescription(/not a link/)
    expect(fake.lookups).toEqual([])
  })

  it('puts the ID from a pasted link in the field', async () => {
    await renderPayments()
    fireEvent.paste(field(), { clipboardData: { getData: () => 'https://dashboard.example.com/payments/pay_seed_card_declined?tab=1' } })
    expect(field()).toHaveValue('pay_seed_card_declined')
    expect(screen.getByTestId('field-hint')).toHaveTextContent('Took pay_seed_card_declined out of the pasted text.')
  })

  it('offers the IDs of an ambiguous paste to pick from', async () => {
    const { fake, user } = await renderPayments([failedPayment('card_declined')])
    fireEvent.paste(field(), { clipboardData: { getData: () => 'pay_seed_card_declined or pay_other?' } })
    expect(field()).toHaveAccessibleDescription(/2 different IDs/)
    await user.click(
      within(screen.getByRole('group', { name: 'IDs found in the text' })).getByRole('button', { name: 'pay_seed_card_declined' }),
    )
    expect(await screen.findByTestId('failure-card')).toBeInTheDocument()
    expect(fake.lookups).toEqual(['pay_seed_card_declined'])
  })

  it('opens a recent lookup again with one click', async () => {
    const { fake, user } = await renderPayments([failedPayment('card_declined'), failedPayment('expired_card')])
    await lookUp(user, 'pay_seed_card_declined')
    await lookUp(user, 'pay_seed_expired_card')
    const recent = screen.getByRole('group', { name: 'Recent lookups' })
    await waitFor(() => {
      expect(within(recent).getByRole('button', { name: 'pay_seed_card_declined' })).toBeInTheDocument()
    })
    await user.click(within(recent).getByRole('button', { name: 'pay_seed_card_declined' }))
    await waitFor(() => {
      expect(screen.getByTestId('decline-code')).toHaveTextContent('card_declined')
    })
    expect(fake.lookups).toEqual(['pay_seed_card_declined', 'pay_seed_expired_card', 'pay_seed_card_declined'])
  })

  it('focuses and selects the field when Ctrl/Cmd+K asks for it', async () => {
    await renderPayments()
    fireEvent.change(field(), { target: { value: 'pay_old' } })
    field().blur()
    expect(field()).not.toHaveFocus()
    act(() => {
      useNavigation.getState().focusLookup()
    })
    expect(field()).toHaveFocus()
    const input = field() as HTMLInputElement
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'pay_old'.length])
  })

  it('shows a loading state while the lookup runs', async () => {
    const { fake, user } = await renderPayments([failedPayment('card_declined')])
    let release: () => void = () => undefined
    fake.gate = new Promise((resolve) => {
      release = resolve
    })
    await lookUp(user, 'pay_seed_card_declined')
    expect(screen.getByTestId('lookup-loading')).toHaveTextContent('Looking up pay_seed_card_declined in Local sandbox')
    release()
    expect(await screen.findByTestId('failure-card')).toBeInTheDocument()
  })
})
