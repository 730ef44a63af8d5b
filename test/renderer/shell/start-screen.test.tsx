import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderStartScreen } from '../../../src/renderer/src/prerender'
import { startScreenId } from '../../../src/renderer/src/shell/start-screen'
import { useConnection } from '../../../src/renderer/src/stores/connection-store'
import { PaymentsView } from '../../../src/renderer/src/views/payments/payments-view'
import { renderWithProviders } from '../render'
import { failedPayment, installFakePayments } from '../payments/fake-payments'

/** index.html as the build writes it: the prerendered start screen, before any of the app's modules ran. */
function prerenderedPage(): HTMLInputElement {
  const shell = document.createElement('div')
  shell.id = startScreenId
  shell.innerHTML = renderStartScreen()
  document.body.append(shell)
  const field = shell.querySelector<HTMLInputElement>('input[data-testid="payment-id-input"]')
  if (!field) throw new Error('the prerendered start screen has no payment ID field')
  return field
}

function typeBeforeTheApp(field: HTMLInputElement, text: string): void {
  field.focus()
  fireEvent.input(field, { target: { value: text } })
  field.setSelectionRange(3, 3)
}

describe('prerendered start screen', () => {
  it('is the first screen with its payment ID field, before the app runs', () => {
    const field = prerenderedPage()
    expect(field.labels?.[0]?.textContent).toContain('Payment ID')
    expect(document.getElementById(startScreenId)?.querySelector('h1')?.textContent).toBe('Payments Desk')
    document.getElementById(startScreenId)?.remove()
  })

  it('hands what was typed, the caret and the focus to the app, and leaves no copy behind', async () => {
    installFakePayments([failedPayment('card_declined')])
    await useConnection.getState().load()
    typeBeforeTheApp(prerenderedPage(), 'pay_seed_card_declined')
    renderWithProviders(<PaymentsView />)
    const field = screen.getByRole('textbox', { name: 'Payment ID' })
    expect(field).toHaveValue('pay_seed_card_declined')
    expect(field).toHaveFocus()
    expect((field as HTMLInputElement).selectionStart).toBe(3)
    expect(document.getElementById(startScreenId)).toBeNull()
    expect(screen.queryByTestId('failure-card')).toBeNull()
  })

  it('looks up an ID submitted with Enter before the app ran', async () => {
    const fake = installFakePayments([failedPayment('card_declined')])
    await useConnection.getState().load()
    const early = prerenderedPage()
    // The script the build inlines in index.html's head, which runs before the screen is parsed. A
    // classic script, not a module: a path TypeScript does not resolve as an import.
    const earlyScript = '../../../src/renderer/src/shell/start-screen-early.ts'
    await import(/* @vite-ignore */ earlyScript)
    typeBeforeTheApp(early, 'pay_seed_card_declined')
    const submitted = fireEvent.submit(early.form as HTMLFormElement)
    expect(submitted).toBe(false)
    renderWithProviders(<PaymentsView />)
    expect(await screen.findByTestId('failure-card')).toBeInTheDocument()
    await waitFor(() => {
      expect(fake.lookups).toEqual(['pay_seed_card_declined'])
    })
  })
})
