import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { useConnection } from '../../../src/renderer/src/stores/connection-store'
import { PaymentsView } from '../../../src/renderer/src/views/payments/payments-view'
import { renderWithProviders } from '../render'
import { failedPayment, installFakePayments } from './fake-payments'

// A lookup held behind a wait the service asked for is answered at once: the user reads why,
// and sends it anyway or cancels, with the keyboard alone.

const asked = {
  code: 'service-asked-to-wait',
  message: 'Not sent yet: the service asked to wait 600 s (X-RateLimit-Reset: 3600000). Send it anyway, or cancel it.',
} as const

async function held() {
  const fake = installFakePayments([failedPayment('card_declined')])
  fake.error = asked
  await useConnection.getState().load()
  renderWithProviders(<PaymentsView />)
  const user = userEvent.setup()
  await user.type(screen.getByRole('textbox', { name: 'Payment ID' }), 'pay_seed_card_declined{Enter}')
  const wait = await screen.findByTestId('service-wait')
  return { fake, user, wait }
}

describe('a lookup the service asked to wait for', () => {
  it('says how long and which header asked, and sends it anyway on request', async () => {
    const { fake, user, wait } = await held()
    expect(wait).toHaveTextContent('the service asked to wait 600 s (X-RateLimit-Reset: 3600000)')
    fake.error = null
    await user.click(within(wait).getByRole('button', { name: 'Send anyway' }))
    expect(await screen.findByTestId('failure-card')).toBeInTheDocument()
    expect(vi.mocked(window.paymentsDesk.invoke.getPayment).mock.calls.map(([request]) => request)).toEqual([
      { id: 'pay_seed_card_declined' },
      { id: 'pay_seed_card_declined', sendAnyway: true },
    ])
    expect(fake.lookups).toHaveLength(2)
  })

  it('is cancelled from the keyboard: nothing more is sent', async () => {
    const { fake, user } = await held()
    const cancel = screen.getByRole('button', { name: 'Cancel' })
    for (let presses = 0; presses < 30 && document.activeElement !== cancel; presses++) await user.tab()
    expect(cancel).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.queryByTestId('service-wait')).not.toBeInTheDocument()
    expect(fake.lookups).toEqual(['pay_seed_card_declined'])
  })
})
