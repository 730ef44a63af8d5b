import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { watchPaymentLinks } from '../../../src/renderer/src/shell/payment-links'
import { useConnection } from '../../../src/renderer/src/stores/connection-store'
import { useNavigation } from '../../../src/renderer/src/stores/navigation-store'
import { PaymentsView } from '../../../src/renderer/src/views/payments/payments-view'
import type { LinkOpening } from '../../../src/shared/contract/link-schema'
import { renderWithProviders } from '../render'
import { failedPayment, installFakePayments } from './fake-payments'

async function setUp(waiting: LinkOpening | null = null) {
  const fake = installFakePayments([failedPayment('card_declined'), failedPayment('expired_card')])
  fake.api.handle('takePaymentLink', () => waiting)
  await useConnection.getState().load()
  useNavigation.getState().go('settings')
  renderWithProviders(<PaymentsView />)
  const stop = watchPaymentLinks()
  return { fake, stop, user: userEvent.setup() }
}

const field = () => screen.getByRole('textbox', { name: 'Payment ID' })

describe('payments-desk:// links in the window', () => {
  it('opens the link main kept from before the window listened: Payments, the ID in the field, looked up once', async () => {
    const { fake, stop } = await setUp({ id: 'pay_seed_card_declined', environment: 'local', account: { id: 'default', name: 'Default' } })
    expect(await screen.findByTestId('failure-card')).toBeInTheDocument()
    expect(useNavigation.getState().view).toBe('payments')
    expect(field()).toHaveValue('pay_seed_card_declined')
    expect(fake.lookups).toEqual(['pay_seed_card_declined'])
    stop()
  })

  it('opens a link that arrives later, over the payment on screen', async () => {
    const { fake, stop } = await setUp()
    act(() => {
      fake.api.emit('paymentLinkOpened', { ok: true, value: { id: 'pay_seed_expired_card', environment: 'local', account: null } })
    })
    expect(await screen.findByRole('heading', { name: 'Card expired' })).toBeInTheDocument()
    expect(fake.lookups).toEqual(['pay_seed_expired_card'])
    stop()
  })

  it('shows why a link was refused and looks nothing up', async () => {
    const { fake, stop, user } = await setUp()
    await user.type(field(), 'pay_seed_card_declined{Enter}')
    await screen.findByTestId('failure-card')
    act(() => {
      fake.api.emit('paymentLinkOpened', {
        ok: false,
        error: { code: 'link-invalid', message: 'This link cannot be opened. It has a #fragment. Nothing was looked up.' },
      })
    })
    const alert = await screen.findByTestId('link-error')
    expect(within(alert).getByText('This link cannot be opened')).toBeInTheDocument()
    expect(alert).toHaveTextContent('It has a #fragment. Nothing was looked up.')
    expect(screen.queryByTestId('failure-card'), 'the previous payment is not left under the refusal').toBeNull()
    expect(fake.lookups).toEqual(['pay_seed_card_declined'])
    stop()
  })

  it('shows a link for an account this environment does not have as that error, looking nothing up', async () => {
    const { fake, stop } = await setUp()
    fake.api.fail('takePaymentLink', {
      code: 'link-account-unknown',
      message: 'The link is for the account "Shop FR", which is not set up in Local sandbox. Nothing was looked up.',
    })
    watchPaymentLinks()()
    const alert = await screen.findByTestId('link-error')
    expect(alert).toHaveTextContent('The account in this link is not set up')
    expect(alert).toHaveTextContent('"Shop FR"')
    expect(fake.lookups).toEqual([])
    stop()
  })

  it('copies a link to the payment on screen, naming the account in use', async () => {
    const { stop, user } = await setUp({ id: 'pay_seed_card_declined', environment: 'local', account: null })
    await screen.findByTestId('failure-card')
    await user.click(screen.getByRole('button', { name: 'Copy link to this payment' }))
    expect(await navigator.clipboard.readText()).toBe('payments-desk://payment/pay_seed_card_declined?account=Default')
    expect(screen.getByTestId('copy-payment-link')).toHaveTextContent('Copied')
    stop()
  })
})
