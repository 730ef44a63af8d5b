import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { useCheckout } from '../../../src/renderer/src/stores/checkout-store'
import { useNavigation } from '../../../src/renderer/src/stores/navigation-store'
import { installFakeApi, type FakeApi } from '../fake-api'
import { renderWithProviders } from '../render'
import { createdCheckout } from './fixtures'

let api: FakeApi
const checkout = {
  products: [{ name: 'Seat', price: 100, quantity: 1 }],
  currency: 'EUR',
  customerEmail: 'ada@example.com',
  successUrl: 'https://shop.example.com/ok',
  cancelUrl: 'https://shop.example.com/cancel',
}

beforeEach(() => {
  api = installFakeApi()
})

describe('checkout store', () => {
  it('keeps the created payment and tells a user who went elsewhere', async () => {
    api.handle('createCheckout', () => createdCheckout())
    useNavigation.setState({ view: 'payments' })
    renderWithProviders(<div />)
    expect(await useCheckout.getState().submit(checkout)).toBeNull()
    expect(useCheckout.getState().created?.payment.id).toBe('pay_abcdefghijklmnopqrstuv')
    expect(await screen.findByText('Checkout payment created')).toBeInTheDocument()
  })

  it('never sends twice at once, and never retries by itself', async () => {
    let release = (): void => undefined
    api.handle(
      'createCheckout',
      () =>
        new Promise((resolve) => {
          release = () => {
            resolve(createdCheckout())
          }
        }),
    )
    const first = useCheckout.getState().submit(checkout)
    expect(await useCheckout.getState().submit(checkout)).toBeNull()
    release()
    await first
    expect(api.calls('createCheckout')).toHaveLength(1)

    api.fail('createCheckout', { code: 'outcome-unknown', message: 'maybe' })
    const error = await useCheckout.getState().submit(checkout)
    expect(error?.code).toBe('outcome-unknown')
    expect(api.calls('createCheckout')).toHaveLength(2)
  })

  it('clears the outcome check with each new send', async () => {
    api.fail('createCheckout', { code: 'outcome-unknown', message: 'maybe' })
    await useCheckout.getState().submit(checkout)
    useCheckout.getState().setOutcomeChecked(true)
    await useCheckout.getState().submit(checkout)
    expect(useCheckout.getState().outcomeChecked).toBe(false)
  })
})
