import { MantineProvider } from '@mantine/core'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { FailureCard } from '../../../src/renderer/src/views/payments/failure-card'
import { customerMessages } from '../../../src/shared/customer-messages'
import { explainDecline } from '../../../src/shared/decline-codes'
import { theme } from '../../../src/renderer/src/theme'

function renderCard(code: string) {
  const user = userEvent.setup()
  // env="test": Mantine's menu transition never ends under jsdom.
  const { unmount } = render(
    <MantineProvider theme={theme} env="test">
      <FailureCard explanation={explainDecline(code)} />
    </MantineProvider>,
  )
  return { user, card: screen.getByTestId('failure-card'), unmount }
}

describe('Copy customer message', () => {
  beforeEach(() => {
    localStorage.clear()
  })

  it('copies the text in the language picked for this copy, shows it, and says so', async () => {
    const { user, card } = renderCard('insufficient_funds')
    expect(within(card).getByTestId('customer-message')).toHaveTextContent(customerMessages.insufficient_funds.en)
    await user.click(within(card).getByRole('button', { name: 'Copy customer message' }))
    const menu = await screen.findByRole('menu', { name: 'Copy customer message' })
    expect((await within(menu).findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Englishlast used',
      'Deutsch',
      'Français',
      'Español',
    ])
    await user.click(within(menu).getByRole('menuitem', { name: 'Deutsch' }))
    expect(await navigator.clipboard.readText()).toBe(customerMessages.insufficient_funds.de)
    expect(within(card).getByTestId('customer-message')).toHaveTextContent(customerMessages.insufficient_funds.de)
    expect(within(card).getByTestId('customer-message')).toHaveAttribute('lang', 'de')
    expect(within(card).getByRole('button', { name: 'Copied' })).toBeInTheDocument()
  })

  it('remembers the last language for the next failure, and each copy may still pick another', async () => {
    const first = renderCard('expired_card')
    await first.user.click(within(first.card).getByRole('button', { name: 'Copy customer message' }))
    await first.user.click(await screen.findByRole('menuitem', { name: 'Español' }))
    first.unmount()

    const { user, card } = renderCard('incorrect_cvc')
    expect(within(card).getByTestId('customer-message')).toHaveTextContent(customerMessages.incorrect_cvc.es)
    await user.click(within(card).getByRole('button', { name: 'Copy customer message' }))
    expect(await screen.findByRole('menuitem', { name: 'Español last used' })).toBeInTheDocument()
    await user.click(await screen.findByRole('menuitem', { name: 'Français' }))
    expect(await navigator.clipboard.readText()).toBe(customerMessages.incorrect_cvc.fr)
  })

  it('works from the keyboard: Enter opens the menu on its first language, the arrows move, Enter copies, the focus comes back', async () => {
    const { user, card } = renderCard('processing_error')
    const button = within(card).getByRole('button', { name: 'Copy customer message' })
    button.focus()
    await user.keyboard('{Enter}')
    await screen.findByRole('menu')
    await waitFor(() => {
      expect(document.activeElement).toHaveTextContent('English')
    })
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}')
    expect(document.activeElement).toHaveTextContent('Español')
    await user.keyboard('{Enter}')
    expect(await navigator.clipboard.readText()).toBe(customerMessages.processing_error.es)
    await waitFor(() => {
      expect(document.activeElement).toBe(button)
    })
  })

  it('uses the unknown-code texts for a code the catalogue does not have', async () => {
    const { user, card } = renderCard('something_new')
    await user.click(within(card).getByRole('button', { name: 'Copy customer message' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Français' }))
    expect(await navigator.clipboard.readText()).toBe(customerMessages.unknown.fr)
  })

  it('starts in English when the remembered language is not one it knows', () => {
    localStorage.setItem('payments-desk:customer-language', 'klingon')
    const { card } = renderCard('expired_card')
    expect(within(card).getByTestId('customer-message')).toHaveTextContent(customerMessages.expired_card.en)
  })
})
