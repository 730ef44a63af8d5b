import { Button, Group, Text } from '@mantine/core'
import type { AppErrorShape } from '../../../../shared/app-error'
import { ErrorAlert } from '../../components/error-alert'
import { usePayments } from '../../stores/payments-store'

/** A lookup held behind a wait the service asked for: said at once, to send anyway or cancel. */
export function ServiceWait({ id, error }: { id: string; error: AppErrorShape }) {
  return (
    <ErrorAlert
      error={error}
      title={`${id} was not looked up yet`}
      action={<Text size="sm">Send it now anyway (the service may refuse it), or cancel.</Text>}
      data-testid="service-wait"
    >
      <Group gap="xs">
        <Button
          size="xs"
          onClick={() => {
            void usePayments.getState().sendAnyway()
          }}
        >
          Send anyway
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            usePayments.getState().cancelWaiting()
          }}
        >
          Cancel
        </Button>
      </Group>
    </ErrorAlert>
  )
}
