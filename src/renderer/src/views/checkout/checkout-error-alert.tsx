import { Checkbox, List, Text } from '@mantine/core'
import type { AppErrorShape } from '../../../../shared/app-error'
import { ErrorAlert } from '../../components/error-alert'
import { useCheckout } from '../../stores/checkout-store'

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
      <ErrorAlert error={error} title="The payment may have been created" data-testid="checkout-error">
        <Checkbox
          label="I have checked: no payment was created"
          checked={outcomeChecked}
          onChange={(event) => {
            setOutcomeChecked(event.currentTarget.checked)
          }}
        />
      </ErrorAlert>
    )
  }

  if (error.code === 'bad-request' && error.details) {
    return (
      <ErrorAlert
        error={error}
        title="The service refused this checkout"
        message={
          <Text size="sm">
            {unmapped.length === 0
              ? 'Its messages are shown next to the fields they name.'
              : 'Its messages, next to the fields they name, and:'}
          </Text>
        }
        data-testid="checkout-error"
      >
        {unmapped.length > 0 ? (
          <List size="sm">
            {unmapped.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        ) : null}
      </ErrorAlert>
    )
  }

  return (
    <ErrorAlert
      error={error}
      title={
        error.code === 'confirmation-declined'
          ? 'Not created: cancelled in the confirmation dialog'
          : 'The checkout payment was not created'
      }
      data-testid="checkout-error"
    />
  )
}
