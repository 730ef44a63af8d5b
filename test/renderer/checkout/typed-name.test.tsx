import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { noPolicyView } from '../../../src/shared/policy/no-policy'
import { CheckoutView } from '../../../src/renderer/src/views/checkout/checkout-view'
import { installFakeApi } from '../fake-api'
import { renderWithProviders } from '../render'
import { createdCheckout, useEnvironment } from './fixtures'
import { useCheckout } from '../../../src/renderer/src/stores/checkout-store'

const typingPolicy = { ...noPolicyView, source: 'file' as const, typeEnvironmentName: true }

describe('Checkout in Production when the policy asks for the name typed', () => {
  it('keeps the button off until "Production" is typed', async () => {
    const api = installFakeApi()
    api.handle('createCheckout', () => createdCheckout('production'))
    useEnvironment('production', typingPolicy)
    renderWithProviders(<CheckoutView />)
    const user = userEvent.setup({ delay: null })
    const button = screen.getByRole('button', { name: 'Create payment in Production' })
    expect(button).toBeDisabled()
    const field = screen.getByLabelText('Type Production to confirm')
    await user.type(field, 'production')
    expect(button).toBeDisabled()
    await user.clear(field)
    await user.type(field, 'Production')
    expect(button).toBeEnabled()
  })

  it('asks nothing outside Production, or without the policy', () => {
    installFakeApi()
    useEnvironment('local', typingPolicy)
    const { unmount } = renderWithProviders(<CheckoutView />)
    expect(screen.queryByLabelText('Type Production to confirm')).not.toBeInTheDocument()
    unmount()
    useEnvironment('production')
    renderWithProviders(<CheckoutView />)
    expect(screen.queryByLabelText('Type Production to confirm')).not.toBeInTheDocument()
  })

  it('sends what was typed with the request, for main to check', async () => {
    const api = installFakeApi()
    api.handle('createCheckout', () => createdCheckout('production'))
    const checkout = {
      products: [{ name: 'Seat', price: 1500, quantity: 1 }],
      currency: 'EUR',
      customerEmail: 'ada@example.com',
      successUrl: 'https://shop.example.com/ok',
      cancelUrl: 'https://shop.example.com/cancel',
    }
    await useCheckout.getState().submit(checkout, 'Production')
    await useCheckout.getState().submit(checkout)
    expect(api.calls('createCheckout')).toEqual([{ checkout, typedEnvironmentName: 'Production' }, { checkout }])
  })
})
