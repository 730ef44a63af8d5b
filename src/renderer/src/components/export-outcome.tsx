import { Alert, Button, CopyButton, Group, Text } from '@mantine/core'
import type { AppErrorShape } from '../../../shared/app-error'
import { ErrorAlert } from './error-alert'

export type ExportOutcomeState =
  | { status: 'saved'; format: string; path: string }
  | { status: 'cancelled' }
  | { status: 'failed'; error: AppErrorShape }
  | { status: string }

/** Where an export went, or why it did not: shared by every screen that exports a file. */
export function ExportOutcome({ state, testId, savedVerb }: { state: ExportOutcomeState | null; testId: string; savedVerb: string }) {
  return (
    <div data-testid={testId} aria-live="polite">
      {state?.status === 'saved' && 'path' in state && 'format' in state && (
        <Alert color="teal" variant="light" title={`${savedVerb} as ${state.format.toUpperCase()}`}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text size="sm" ff="monospace" truncate="end" title={state.path} data-testid="export-path">
              {state.path}
            </Text>
            <CopyButton value={state.path}>
              {({ copied, copy }) => (
                <Button size="xs" variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined} onClick={copy} miw={110}>
                  {copied ? 'Copied' : 'Copy path'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Alert>
      )}
      {state?.status === 'cancelled' && (
        <Text size="sm" c="dimmed">
          Export cancelled: no file was written.
        </Text>
      )}
      {state?.status === 'failed' && 'error' in state && <ErrorAlert error={state.error} title="Not exported" />}
    </div>
  )
}
