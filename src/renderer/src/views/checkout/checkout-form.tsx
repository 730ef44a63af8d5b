import { useState, type ReactNode } from 'react'
import { Button, Group, Input, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useShallow } from 'zustand/react/shallow'
import { checkoutCurrencies, checkoutMessages, isCheckoutCurrency } from '../../../../shared/checkout-rules'
import { selectActiveEnvironment, useConnection } from '../../stores/connection-store'
import { selectSendBlocked, useCheckout } from '../../stores/checkout-store'
import { CheckoutErrorAlert } from './checkout-error-alert'
import { sortMessages } from './field-errors'
import { toFormErrors } from './field-message'
import { draftTotal, toCheckoutInput, toRequestBody, type CheckoutFormValues, type CheckoutInput } from './form-values'
import { PriceUnitNote } from './price-unit-note'
import { ProductRows } from './product-rows'
import { TypedEnvironmentName, typedNameMatches, useTypedNameRequired } from '../../components/typed-environment-name'

function errorsFor(messages: readonly string[] | undefined, rowCount: number): Record<string, ReactNode> {
  return messages ? toFormErrors(sortMessages(messages, rowCount).fields) : {}
}

/** The checkout form: checked with the service's own rules before sending, its 400s shown by field in the form's words. */
export function CheckoutForm() {
  const { submitting, error, blocked, submit, saveDraft } = useCheckout(
    useShallow((s) => ({
      submitting: s.submitting,
      error: s.error,
      blocked: selectSendBlocked(s),
      submit: s.submit,
      saveDraft: s.saveDraft,
    })),
  )
  const environment = useConnection(selectActiveEnvironment)
  const nameRequired = useTypedNameRequired()
  const [typedName, setTypedName] = useState('')

  const [start] = useState(() => {
    const { draft, error: lastError } = useCheckout.getState()
    return { draft, errors: errorsFor(lastError?.code === 'bad-request' ? lastError.details : undefined, draft.products.length) }
  })
  const form = useForm<CheckoutFormValues>({
    initialValues: start.draft,
    initialErrors: start.errors,
    validate: (values) => errorsFor(checkoutMessages(toRequestBody(values)), values.products.length),
    onValuesChange: saveDraft,
  })

  // In Production the main process asks in a dialog of its own before sending: nothing here can answer it.
  async function send(checkout: CheckoutInput): Promise<void> {
    const failure = await submit(checkout, nameRequired ? typedName : undefined)
    if (failure?.code === 'bad-request' && failure.details) {
      form.setErrors(errorsFor(failure.details, checkout.products.length))
    }
  }

  const handleSubmit = form.onSubmit((values) => {
    void send(toCheckoutInput(values))
  })

  const unmapped = error?.code === 'bad-request' && error.details ? sortMessages(error.details, form.values.products.length).unmapped : []

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="New checkout payment">
      <Stack gap="md">
        <CheckoutErrorAlert error={error} unmapped={unmapped} />
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Group justify="space-between" align="center">
              <Title order={3} size="h4">
                Products
              </Title>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={500} id="checkout-currency-label">
                  Currency
                </Text>
                <SegmentedControl
                  aria-labelledby="checkout-currency-label"
                  data={[...checkoutCurrencies]}
                  value={form.values.currency}
                  disabled={submitting}
                  onChange={(value) => {
                    if (isCheckoutCurrency(value)) form.setFieldValue('currency', value)
                  }}
                />
              </Group>
            </Group>
            {form.errors.currency ? <Input.Error ta="right">{form.errors.currency}</Input.Error> : null}
            <PriceUnitNote environment={environment} total={draftTotal(form.values)} currency={form.values.currency} />
            <ProductRows form={form} disabled={submitting} />
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              Customer and redirects
            </Title>
            <TextInput
              label="Customer e-mail"
              description="The customer who will receive the checkout link"
              type="email"
              placeholder="ada@example.com"
              maw={440}
              disabled={submitting}
              {...form.getInputProps('customerEmail')}
            />
            <SimpleGrid cols={2} spacing="sm">
              <TextInput
                label="Success URL"
                description="Where the customer lands after paying"
                placeholder="https://shop.example.com/thanks"
                disabled={submitting}
                {...form.getInputProps('successUrl')}
              />
              <TextInput
                label="Cancel URL"
                description="Where the customer lands after cancelling"
                placeholder="https://shop.example.com/cart"
                disabled={submitting}
                {...form.getInputProps('cancelUrl')}
              />
            </SimpleGrid>
          </Stack>
        </Paper>
        {nameRequired ? <TypedEnvironmentName value={typedName} onChange={setTypedName} disabled={submitting} /> : null}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={submitting}
            disabled={blocked || (nameRequired && !typedNameMatches(typedName))}
            color={environment === 'production' ? 'red' : undefined}
          >
            {environment === 'production' ? 'Create payment in Production' : 'Create checkout payment'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
