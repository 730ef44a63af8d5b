import { Alert, Stack, Text, Title } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { useCheckout } from '../../stores/checkout-store'
import { selectActiveEnvironment, useConnection } from '../../stores/connection-store'
import { CheckoutForm } from './checkout-form'
import { CheckoutResult } from './checkout-result'

/** Checkout: create a checkout payment for a customer and hand them the link. */
export function CheckoutView() {
  const { created, startOver } = useCheckout(useShallow((s) => ({ created: s.created, startOver: s.startOver })))
  const environment = useConnection(selectActiveEnvironment)

  return (
    <Stack gap="md" maw={960}>
      <Stack gap={4}>
        <Title order={2}>Checkout</Title>
        <Text c="dimmed" size="sm">
          Create a checkout payment for a customer, then send them its link.
        </Text>
      </Stack>
      {environment === 'production' ? (
        <Alert color="red" variant="filled" title="Production">
          Payments created here are real: the customer is charged when they pay the link.
        </Alert>
      ) : null}
      {created ? <CheckoutResult created={created} onStartOver={startOver} /> : <CheckoutForm />}
    </Stack>
  )
}
