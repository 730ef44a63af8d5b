import { Badge, Button, Code, EmptyState, Group, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { environmentLabels } from '../../../../shared/environments'
import { ErrorAlert } from '../../components/error-alert'
import { useWebhooks } from '../../stores/webhooks-store'
import { Timestamp } from './timestamp'

const environmentColors = { local: 'teal', operator: 'blue', production: 'red' } as const

/** The endpoints registered from this app: the service's documented API cannot list them. */
export function EndpointList() {
  const { endpoints, loading, loaded, loadError, selectedId, select, load } = useWebhooks(
    useShallow((s) => ({
      endpoints: s.endpoints,
      loading: s.loading,
      loaded: s.loaded,
      loadError: s.loadError,
      selectedId: s.selectedId,
      select: s.select,
      load: s.load,
    })),
  )

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Endpoints registered from this app
          </Title>
          {loading && <Loader size="xs" aria-label="Loading endpoints" />}
        </Group>
        <Text size="sm" c="dimmed">
          The service&apos;s own list of endpoints is not available through its documented API, so this list holds only the endpoints
          registered from this app on this computer. Endpoints created in the service&apos;s dashboard or elsewhere do not appear.
        </Text>
        {loadError && (
          <ErrorAlert error={loadError} title="The list could not be read">
            <Button size="xs" variant="light" color="red" onClick={() => void load()}>
              Try again
            </Button>
          </ErrorAlert>
        )}
        {loaded && endpoints.length === 0 && (
          <EmptyState
            size="sm"
            title="No endpoints registered from this app yet"
            description="Enter your server's https URL above and register it: the service returns a signing secret, which goes straight into the keychain."
          />
        )}
        {endpoints.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>URL</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Secret fingerprint</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {endpoints.map((endpoint) => {
                  const selected = endpoint.id === selectedId
                  return (
                    <Table.Tr key={endpoint.id} bg={selected ? 'var(--mantine-primary-color-light)' : undefined} data-testid="endpoint-row">
                      <Table.Td>
                        <Stack gap={4}>
                          <Text size="sm" style={{ wordBreak: 'break-all' }}>
                            {endpoint.url}
                          </Text>
                          <Group gap={4}>
                            <Badge size="xs" variant="light" color={environmentColors[endpoint.environment]}>
                              {environmentLabels[endpoint.environment]}
                            </Badge>
                            <Badge size="xs" variant="outline" color={endpoint.connect ? 'grape' : 'gray'}>
                              {endpoint.connect ? 'Connect' : 'Direct'}
                            </Badge>
                            {!endpoint.secretStored && (
                              <Badge size="xs" color="red">
                                Secret not in keychain
                              </Badge>
                            )}
                          </Group>
                        </Stack>
                      </Table.Td>
                      <Table.Td>
                        <Timestamp time={endpoint.createdAt} />
                      </Table.Td>
                      <Table.Td>
                        <Code style={{ whiteSpace: 'nowrap' }}>{endpoint.fingerprint}</Code>
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant={selected ? 'filled' : 'light'}
                          onClick={() => {
                            select(selected ? null : endpoint.id)
                          }}
                          aria-label={`${selected ? 'Close' : 'Open'} ${endpoint.url}`}
                          aria-expanded={selected}
                        >
                          {selected ? 'Close' : 'Open'}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  )
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  )
}
