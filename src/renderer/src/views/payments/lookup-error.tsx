import { Alert, Button, Code, EmptyState, Group, Text } from '@mantine/core'
import type { AppErrorShape } from '../../../../shared/app-error'
import { useNavigation } from '../../stores/navigation-store'
import { retryableCodes, usePayments } from '../../stores/payments-store'

// Codes that only a change in Settings can fix: the key or the environment.
const settingsTitles: Partial<Record<string, string>> = {
  unauthorized: 'The service did not accept the API key',
  'no-key': 'No API key for this environment',
  'key-origin-mismatch': 'The API key was not sent: it belongs to another address',
  'invalid-key': 'The stored API key is not valid',
}

function SettingsButton({ label }: { label: string }) {
  return (
    <Button
      variant="default"
      onClick={() => {
        useNavigation.getState().go('settings')
      }}
    >
      {label}
    </Button>
  )
}

/** A lookup that did not return a payment: why, and what to do next. */
export function LookupError({ id, error }: { id: string; error: AppErrorShape }) {
  if (error.code === 'not-found') {
    return (
      <EmptyState data-testid="not-found" py="xl">
        <EmptyState.Title order={3}>{error.message}</EmptyState.Title>
        <EmptyState.Description>
          Looked up <Code>{id}</Code>. Check the ID for a typo, or whether the payment was made in another environment: the
          environment is chosen in Settings.
        </EmptyState.Description>
        <EmptyState.Actions>
          <SettingsButton label="Check the environment in Settings" />
        </EmptyState.Actions>
      </EmptyState>
    )
  }

  const settingsTitle = settingsTitles[error.code]
  if (settingsTitle) {
    return (
      <Alert color="orange" title={settingsTitle} data-testid="lookup-error">
        <Text size="sm" mb="sm">
          {error.message}
        </Text>
        <Text size="sm" mb="sm">
          Enter or replace the key in Settings, test the connection, then look the payment up again.
        </Text>
        <SettingsButton label="Open Settings" />
      </Alert>
    )
  }

  const canRetry = retryableCodes.has(error.code)
  return (
    <Alert color="red" title={`Could not look up ${id}`} data-testid="lookup-error">
      <Text size="sm" mb={canRetry ? 'sm' : 0}>
        {error.message}
      </Text>
      {canRetry && (
        <Group>
          <Button
            variant="default"
            onClick={() => {
              void usePayments.getState().retry()
            }}
          >
            Try again
          </Button>
        </Group>
      )}
    </Alert>
  )
}
