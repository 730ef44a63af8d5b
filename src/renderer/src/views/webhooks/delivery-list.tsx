import { EmptyState, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { ErrorAlert } from '../../components/error-alert'
import { useWebhookSandbox } from '../../stores/webhook-sandbox-store'
import { useWebhooks } from '../../stores/webhooks-store'
import { DeliveryCard } from './delivery-card'
import { formatClock } from '../../../../shared/format/time'
import { useNow } from '../../hooks/use-now'

const shown = 30

/** The sandbox's deliveries to this app's endpoints, refreshed every 2 s by the screen. */
export function DeliveryList() {
  const { deliveries, loaded, error, updatedAt, endpointId, setEndpoint } = useWebhookSandbox(
    useShallow((s) => ({
      deliveries: s.deliveries,
      loaded: s.deliveriesLoaded,
      error: s.deliveriesError,
      updatedAt: s.deliveriesUpdatedAt,
      endpointId: s.deliveriesEndpointId,
      setEndpoint: s.setDeliveriesEndpoint,
    })),
  )
  const { endpoints, checkDelivery } = useWebhooks(useShallow((s) => ({ endpoints: s.endpoints, checkDelivery: s.checkDelivery })))
  const now = useNow(5_000)
  const local = endpoints.filter((e) => e.environment === 'local')
  const urls = new Map(local.map((e) => [e.id, e.url]))
  const options = [{ value: 'all', label: 'Every endpoint registered from this app' }, ...local.map((e) => ({ value: e.id, label: e.url }))]

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={3} size="h4">
            Deliveries
          </Title>
          <Text size="xs" c="dimmed" role="status" aria-live="off">
            Live, every 2 s{updatedAt === null ? '' : ` · updated ${formatClock(updatedAt)}`}
          </Text>
        </Group>
        <Select
          label="Deliveries to"
          data={options}
          value={endpointId ?? 'all'}
          onChange={(value) => {
            setEndpoint(value === null || value === 'all' ? null : value)
          }}
          allowDeselect={false}
          maw={520}
        />
        <Text size="xs" c="dimmed">
          The local sandbox&apos;s own record; the real service has no such list in its documented API. It shows each delivery&apos;s
          hook-id and attempts, but not its body or signature: to check one, copy those from your receiver&apos;s log into the signature
          checker.
        </Text>
        {error && <ErrorAlert error={error} title="The deliveries could not be read" />}
        {local.length === 0 ? (
          <EmptyState
            size="sm"
            title="No endpoint on the local sandbox"
            description="Register an endpoint in the Endpoints tab, then send a test event above."
          />
        ) : !loaded ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label="Loading deliveries" />
          </Group>
        ) : deliveries.length === 0 ? (
          <EmptyState
            size="sm"
            title="No deliveries yet"
            description="Send a test event above: its delivery and every attempt appear here within a few seconds."
          />
        ) : (
          <Stack gap="xs">
            {deliveries.slice(0, shown).map((delivery) => (
              <DeliveryCard
                key={delivery.id}
                delivery={delivery}
                endpointUrl={endpointId === null && local.length > 1 ? (urls.get(delivery.localEndpointId ?? '') ?? null) : null}
                now={now}
                onCheck={() => {
                  checkDelivery(delivery)
                }}
              />
            ))}
            {deliveries.length > shown && (
              <Text size="xs" c="dimmed">
                Showing the latest {shown} of {deliveries.length}.
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  )
}
