import { Button, EmptyState, Stack } from '@mantine/core'
import { selectActiveEnvironment, useConnection } from '../../stores/connection-store'
import { useNavigation } from '../../stores/navigation-store'
import { DeliveryList } from './delivery-list'
import { TestEventForm } from './test-event-form'

export function SandboxTab() {
  const environment = useConnection(selectActiveEnvironment)
  if (environment !== 'local') {
    return (
      <EmptyState
        title="Test events exist only on the local sandbox"
        description="The real service has no documented way to send a test event or list deliveries. Switch to the local sandbox in Settings to try a delivery end to end."
      >
        <EmptyState.Actions>
          <Button
            variant="light"
            onClick={() => {
              useNavigation.getState().go('settings')
            }}
          >
            Open Settings
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    )
  }
  return (
    <Stack gap="md">
      <TestEventForm />
      <DeliveryList />
    </Stack>
  )
}
