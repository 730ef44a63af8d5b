import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { CheckoutView } from '../../../src/renderer/src/views/checkout/checkout-view'
import { useNavigation } from '../../../src/renderer/src/stores/navigation-store'
import { installFakeApi, type FakeApi } from '../fake-api'
import { renderWithProviders } from '../render'
import { checkoutUrl, createdCheckout, useEnvironment } from './fixtures'

let api: FakeApi
let user: UserEvent

beforeEach(() => {
  api = installFakeApi()
  user = userEvent.setup({ delay: null })
  useNavigation.setState({ view: 'checkout' })
})

/** Puts text in a field the way a paste does: one input event, not one per key. */
async function enter(label: string, text: string): Promise<void> {
  const field = screen.getByLabelText(label)
  await user.clear(field)
  await user.click(field)
  await user.paste(text)
}

async function fillValid(): Promise<void> {
  await enter('Product 1 name', 'Team seat')
  await enter('Product 1 unit price', '1500')
  await enter('Product 1 quantity', '4')
  await user.click(screen.getByRole('button', { name: 'Add product' }))
  await enter('Product 2 name', 'Onboarding call')
  await enter('Product 2 unit price', '9900')
  await enter('Customer e-mail', 'ada@example.com')
  await enter('Success URL', 'https://shop.example.com/ok')
  await enter('Cancel URL', 'https://shop.example.com/cancel')
}

const submitButton = () => screen.getByRole('button', { name: /Create (checkout payment|payment in Production)/ })

/** The form's sentence and, beneath it, the service's message, as one field error reads. */
function expectFieldError(label: string, sentence: string, serviceMessage: string): void {
  const field = screen.getByLabelText(label)
  expect(field).toHaveAttribute('aria-invalid', 'true')
  const error = document.getElementById(
    field
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.endsWith('-error')) ?? '',
  )
  expect(error).toHaveTextContent(`${sentence}Service: ${serviceMessage}`)
}

describe("Checkout: client-side checks in the form's words, with the service's beside them", () => {
  it('names every empty field in words for the person filling it in, and sends nothing', async () => {
    renderWithProviders(<CheckoutView />)
    await user.click(submitButton())
    expect(await screen.findByText('Enter the unit price as a whole number of minor units (1500 for 15.00).')).toBeInTheDocument()
    expectFieldError(
      'Product 1 unit price',
      'Enter the unit price as a whole number of minor units (1500 for 15.00).',
      'products.0.price must be an integer number',
    )
    expectFieldError('Customer e-mail', "Enter the customer's e-mail address, like ada@example.com.", 'customerEmail must be an email')
    expectFieldError(
      'Success URL',
      'Enter a web address with a domain name, like https://shop.example.com/thanks.',
      'successUrl must be a URL address',
    )
    expectFieldError(
      'Cancel URL',
      'Enter a web address with a domain name, like https://shop.example.com/cart.',
      'cancelUrl must be a URL address',
    )
    // An empty name is a string, which the service accepts: the form does not refuse it.
    expect(screen.getByLabelText('Product 1 name')).not.toHaveAttribute('aria-invalid', 'true')
    expect(api.calls('createCheckout')).toHaveLength(0)
  })

  it('says "Add at least one product" once the last row is removed', async () => {
    renderWithProviders(<CheckoutView />)
    await user.click(screen.getByRole('button', { name: 'Remove product 1' }))
    await user.click(submitButton())
    expect(await screen.findByText('Add at least one product.')).toBeInTheDocument()
    expect(screen.getByText('Service: products should not be empty')).toBeInTheDocument()
  })

  it.each(['buyer@[127.0.0.1]', '.buyer@example.com', 'buyer@-shop.example.com', 'buyer@example.c'])(
    'refuses %s, which the service refuses, before sending',
    async (email) => {
      renderWithProviders(<CheckoutView />)
      await fillValid()
      await enter('Customer e-mail', email)
      await user.click(submitButton())
      expect(await screen.findByText('Service: customerEmail must be an email')).toBeInTheDocument()
      expect(api.calls('createCheckout')).toHaveLength(0)
    },
  )

  it('refuses http://localhost:3000/success, which has no top-level domain, before sending', async () => {
    renderWithProviders(<CheckoutView />)
    await fillValid()
    await enter('Success URL', 'http://localhost:3000/success')
    await user.click(submitButton())
    expect(await screen.findByText('Service: successUrl must be a URL address')).toBeInTheDocument()
    expect(api.calls('createCheckout')).toHaveLength(0)
  })

  it("refuses a decimal price with the service's message, next to that row", async () => {
    renderWithProviders(<CheckoutView />)
    await fillValid()
    await enter('Product 2 unit price', '99.5')
    await user.click(submitButton())
    expect(await screen.findByText('Service: products.1.price must be an integer number')).toBeInTheDocument()
    expect(screen.getByLabelText('Product 2 unit price')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Product 1 unit price')).not.toHaveAttribute('aria-invalid', 'true')
    expect(api.calls('createCheckout')).toHaveLength(0)
  })

  it('says plainly what unit prices are in, and sums the lines', async () => {
    renderWithProviders(<CheckoutView />)
    expect(screen.getByTestId('price-unit-note')).toHaveTextContent('does not say what unit a price is in')
    expect(screen.getByTestId('price-unit-note')).toHaveTextContent('1500 means €15.00')
    await fillValid()
    expect(screen.getByTestId('draft-total')).toHaveTextContent('15900 (€159.00 assuming minor units, as the local sandbox does)')
  })
})

describe('Checkout: sending', () => {
  it('sends the checkout and shows the payment, its link and the echoed amount and lines', async () => {
    api.handle('createCheckout', () => createdCheckout())
    renderWithProviders(<CheckoutView />)
    await fillValid()
    await user.click(screen.getByRole('radio', { name: 'USD' }))
    await user.click(submitButton())

    expect(await screen.findByTestId('checkout-url')).toHaveTextContent(checkoutUrl)
    expect(api.calls('createCheckout')).toEqual([
      {
        checkout: {
          products: [
            { name: 'Team seat', price: 1500, quantity: 4 },
            { name: 'Onboarding call', price: 9900, quantity: 1 },
          ],
          currency: 'USD',
          customerEmail: 'ada@example.com',
          successUrl: 'https://shop.example.com/ok',
          cancelUrl: 'https://shop.example.com/cancel',
        },
      },
    ])
    expect(screen.getByTestId('checkout-payment-id')).toHaveTextContent('pay_abcdefghijklmnopqrstuv')
    expect(screen.getByTestId('checkout-amount')).toHaveTextContent('15900 EUR')
    expect(screen.getByText('€159.00 assuming minor units, as the local sandbox does.')).toBeInTheDocument()
    expect(screen.getByText(/^Created: .*\(2025-03-01 10:00:00 UTC\)$/)).toBeInTheDocument()
    const rows = within(screen.getByTestId('echoed-products')).getAllByRole('row')
    expect(rows[1]).toHaveTextContent('Team seat15004')
    expect(screen.getByRole('button', { name: 'Copy checkout link' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copy payment id' })).toBeInTheDocument()
  })

  it('shows each 400 message next to the field it names, and the others above the form', async () => {
    api.fail('createCheckout', {
      code: 'bad-request',
      message: 'products.1.price must not be greater than 100000000; property coupon should not exist',
      details: [
        'products.1.price must not be greater than 100000000',
        'currency must be one of the following values: EUR, USD',
        'property coupon should not exist',
      ],
    })
    renderWithProviders(<CheckoutView />)
    await fillValid()
    await user.click(submitButton())

    expect(await screen.findByText('This unit price is larger than the service allows.')).toBeInTheDocument()
    expectFieldError(
      'Product 2 unit price',
      'This unit price is larger than the service allows.',
      'products.1.price must not be greater than 100000000',
    )
    expect(screen.getByText('Choose EUR or USD.')).toBeInTheDocument()
    expect(screen.getByText('Service: currency must be one of the following values: EUR, USD')).toBeInTheDocument()
    const alert = screen.getByTestId('checkout-error')
    expect(alert).toHaveTextContent('The service refused this checkout')
    expect(alert).toHaveTextContent('property coupon should not exist')
    expect(alert).not.toHaveTextContent('products.1.price')
  })

  it("keeps the draft and the service's field messages across a trip to another screen", async () => {
    api.fail('createCheckout', { code: 'bad-request', message: 'x', details: ['customerEmail must be an email'] })
    const first = renderWithProviders(<CheckoutView />)
    await fillValid()
    await user.click(submitButton())
    await screen.findByText('Service: customerEmail must be an email')
    first.unmount()

    renderWithProviders(<CheckoutView />)
    expect(screen.getByLabelText('Product 2 name')).toHaveValue('Onboarding call')
    expectFieldError('Customer e-mail', "Enter the customer's e-mail address, like ada@example.com.", 'customerEmail must be an email')
  })

  it('warns that an unknown outcome may be a created payment and blocks a resend until checked', async () => {
    api.fail('createCheckout', { code: 'outcome-unknown', message: 'The service answered 500 while processing this request.' })
    renderWithProviders(<CheckoutView />)
    await fillValid()
    await user.click(submitButton())

    const alert = await screen.findByTestId('checkout-error')
    expect(alert).toHaveTextContent('The payment may have been created')
    expect(alert).toHaveTextContent('The service answered 500')
    expect(submitButton()).toBeDisabled()
    expect(api.calls('createCheckout')).toHaveLength(1)
    await user.click(screen.getByRole('checkbox', { name: 'I have checked: no payment was created' }))
    expect(submitButton()).toBeEnabled()
  })

  it('points to Settings when the key is refused', async () => {
    api.fail('createCheckout', { code: 'unauthorized', message: 'The service refused the private key (401).' })
    renderWithProviders(<CheckoutView />)
    await fillValid()
    await user.click(submitButton())
    await user.click(await screen.findByRole('button', { name: 'Open Settings' }))
    expect(useNavigation.getState().view).toBe('settings')
  })

  it('opens the new payment in Payments', async () => {
    api.handle('createCheckout', () => createdCheckout())
    api.handle('getPayment', ({ id }) => ({
      id,
      environment: 'local',
      account: { id: 'default', name: 'Default' },
      fetchedAt: 0,
      payment: createdCheckout().payment,
      raw: {},
    }))
    renderWithProviders(<CheckoutView />)
    await fillValid()
    await user.click(submitButton())
    await user.click(await screen.findByRole('button', { name: 'Open in Payments' }))
    expect(useNavigation.getState().view).toBe('payments')
    await waitFor(() => {
      expect(api.calls('getPayment')).toEqual([{ id: 'pay_abcdefghijklmnopqrstuv' }])
    })
  })

  it('starts over blank, or from the same details', async () => {
    api.handle('createCheckout', () => createdCheckout())
    renderWithProviders(<CheckoutView />)
    await fillValid()
    await user.click(submitButton())
    await user.click(await screen.findByRole('button', { name: 'Start from these details' }))
    expect(screen.getByLabelText('Product 2 name')).toHaveValue('Onboarding call')
    await user.click(submitButton())
    await user.click(await screen.findByRole('button', { name: 'New checkout' }))
    expect(screen.getByLabelText('Product 1 name')).toHaveValue('')
    expect(screen.queryByLabelText('Product 2 name')).not.toBeInTheDocument()
  })
})

describe('Checkout: in Production the main process asks, not this screen', () => {
  it('marks the button as Production and sends the form with no confirmation of its own', async () => {
    useEnvironment('production')
    api.handle('createCheckout', () => createdCheckout('production'))
    renderWithProviders(<CheckoutView />)
    await fillValid()
    expect(submitButton()).toHaveTextContent('Create payment in Production')
    await user.click(submitButton())
    await screen.findByTestId('checkout-result')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(api.calls('createCheckout')).toHaveLength(1)
    expect(api.calls('createCheckout')[0]).not.toHaveProperty('confirmedProduction')
  })

  it('says plainly that nothing was sent when the user cancelled the dialog', async () => {
    useEnvironment('production')
    api.fail('createCheckout', {
      code: 'confirmation-declined',
      message: 'Create a payment in Production: cancelled in the confirmation dialog. Nothing was sent.',
    })
    renderWithProviders(<CheckoutView />)
    await fillValid()
    await user.click(submitButton())
    expect(await screen.findByTestId('checkout-error')).toHaveTextContent('Not created: cancelled in the confirmation dialog')
    expect(screen.getByTestId('checkout-error')).toHaveTextContent('Nothing was sent to Production')
  })
})
