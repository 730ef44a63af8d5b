import { act, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useConnection } from '../../../src/renderer/src/stores/connection-store'
import { useNavigation } from '../../../src/renderer/src/stores/navigation-store'
import { PaymentsView } from '../../../src/renderer/src/views/payments/payments-view'
import { renderWithProviders } from '../render'
import { failedPayment, installFakePayments } from './fake-payments'

async function renderPayments() {
  installFakePayments([failedPayment('card_declined')])
  await useConnection.getState().load()
  renderWithProviders(
    <>
      <label>
        Notes
        <input type="text" />
      </label>
      <PaymentsView />
    </>,
  )
}

const field = () => screen.getByRole('textbox', { name: 'Payment ID' })
const pasteOn = (target: Element, text: string) => fireEvent.paste(target, { clipboardData: { getData: () => text } })

describe('Payments: the ID field has the focus and takes pastes', () => {
  it('has the focus when the screen opens, and again each time Payments is opened', async () => {
    await renderPayments()
    expect(field()).toHaveFocus()
    screen.getByRole('textbox', { name: 'Notes' }).focus()
    act(() => {
      // What Ctrl/Cmd+1 and the screen list do.
      useNavigation.getState().go('payments')
    })
    expect(field()).toHaveFocus()
  })

  it('takes a paste made anywhere on the screen but another text field, with the ID taken out of a link', async () => {
    await renderPayments()
    document.body.focus()
    ;(document.activeElement as HTMLElement | null)?.blur()
    pasteOn(document.body, 'https://dashboard.example.com/payments/pay_seed_card_declined?tab=1')
    expect(field()).toHaveValue('pay_seed_card_declined')
    expect(field()).toHaveFocus()
    expect(screen.getByTestId('field-hint')).toHaveTextContent('Took pay_seed_card_declined out of the pasted text.')

    // On a button of the screen: the same.
    pasteOn(screen.getByRole('button', { name: 'Look up' }), 'pay_other_1')
    expect(field()).toHaveValue('pay_other_1')

    // Another text field keeps its own paste.
    const notes = screen.getByRole('textbox', { name: 'Notes' })
    pasteOn(notes, 'pay_in_notes')
    expect(field()).toHaveValue('pay_other_1')
  })
})
