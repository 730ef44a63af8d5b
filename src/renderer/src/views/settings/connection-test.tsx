import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { ErrorAlert } from '../../components/error-alert'
import { useConnection, type EnvironmentView } from '../../stores/connection-store'
import { environmentStatus } from './environment-status'

/** One harmless call with the stored URL and key, and its answer in plain words. */
export function ConnectionTest(props: { env: EnvironmentView }) {
  const test = useConnection((s) => s.tests[props.env.id])
  const testConnection = useConnection((s) => s.testConnection)
  const status = environmentStatus(props.env)
  const running = test?.status === 'running'

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button onClick={() => void testConnection(props.env.id)} loading={running} disabled={!status.ready}>
          Test connection
        </Button>
        <Text size="xs" c="dimmed">
          {status.ready
            ? 'Looks up a payment ID that cannot exist: nothing is created or changed.'
            : `Not yet: ${status.text.charAt(0).toLowerCase()}${status.text.slice(1)}`}
        </Text>
      </Group>
      {test?.status === 'passed' ? (
        <Alert color="teal" title="Connection works" role="status" data-testid={`connection-test-result-${props.env.id}`} data-ok>
          {test.message}
        </Alert>
      ) : null}
      {test?.status === 'failed' ? (
        <ErrorAlert error={test.error} title="Connection failed" data-testid={`connection-test-result-${props.env.id}`} />
      ) : null}
    </Stack>
  )
}
