import { Stack } from '@mantine/core'
import { selectSelectedEndpoint, useWebhooks } from '../../stores/webhooks-store'
import { EndpointList } from './endpoint-list'
import { EndpointPanel } from './endpoint-panel'
import { RegisterForm } from './register-form'

export function EndpointsTab() {
  const selected = useWebhooks(selectSelectedEndpoint)
  const select = useWebhooks((s) => s.select)
  return (
    <Stack gap="md">
      <RegisterForm />
      {selected && (
        // Keyed by endpoint: a revealed secret never carries over to another endpoint.
        <EndpointPanel
          key={selected.id}
          endpoint={selected}
          onClose={() => {
            select(null)
          }}
        />
      )}
      <EndpointList />
    </Stack>
  )
}
