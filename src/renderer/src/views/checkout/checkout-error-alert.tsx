import { Alert, Button, Checkbox, List, Stack, Text } from '@mantine/core'
import type { AppErrorShape } from '../../../../shared/app-error'
import { useCheckout } from '../../stores/checkout-store'
import { useNavigation } from '../../stores/navigation-store'

interface CheckoutErrorAlertProps {
  error: AppErrorShape | null
  /** The service's messages that name no field of the form. */
  unmapped: string[]
}

/** What went wrong with the last send, above the form; field messages sit by their fields instead. */
export function CheckoutErrorAlert({ error, unmapped }: CheckoutErrorAlertProps) {
  const outcomeChecked = useCheckout((s) => s.outcomeChecked)
  const setOutcomeChecked = useCheckout((s) => s.setOutcomeChecked)
  if (!error) return null

  if (error.code === 'outcome-unknown') {
    return (
      <Alert color="yellow" title="The payment may have been created" role="alert" data-testid="checkout-error">
        <Stack gap="xs">
          <Text size="sm">{error.message}</Text>
          <Text size="sm">
            Before sending it again, look for a new payment for this customer in the service&apos;s dashboard. Sending twice can
            create two payments.
          </Text>
          <Checkbox
            label="I have checked: no payment was created"
            checked={outcomeChecked}
            onChange={(event) => { setOutcomeChecked(event.currentTarget.checked) }}
          />
        </Stack>
      </Alert>
    )
  }

  if (error.code === 'bad-request' && error.details) {
    return (
      <Alert color="red" title="The service refused this checkout" role="alert" data-testid="checkout-error">
        <Text size="sm">
          {unmapped.length === 0 ? 'Its messages are shown next to the fields they name.' : 'Its messages, next to the fields they name, and:'}
        </Text>
        {unmapped.length > 0 ? (
          <List size="sm" mt={4}>
            {unmapped.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        ) : null}
      </Alert>
    )
  }

  if (error.code === 'confirmation-declined') {
    return (
      <Alert color="gray" title="Not created: cancelled in the confirmation dialog" role="alert" data-testid="checkout-error">
        <Text size="sm">Nothing was sent to Production. Send the form again to be asked again.</Text>
      </Alert>
    )
  }

  const toSettings = error.code === 'unauthorized' || error.code === 'no-key' || error.code === 'key-origin-mismatch' || error.code === 'invalid-key'
  return (
    <Alert color="red" title="The checkout payment was not created" role="alert" data-testid="checkout-error">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        {toSettings ? (
          <Button size="xs" variant="light" onClick={() => { useNavigation.getState().go('settings') }}>
            Open Settings
          </Button>
        ) : null}
      </Stack>
    </Alert>
  )
}
