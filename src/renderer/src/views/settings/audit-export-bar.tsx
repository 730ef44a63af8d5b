import { Alert, Button, CopyButton, Group, Text } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { useAudit } from '../../stores/audit-store'

/** Export through the main process's save dialog, and check the log again. */
export function AuditExportBar() {
  const { state, exportLog, load, loading } = useAudit(
    useShallow((s) => ({ state: s.exportState, exportLog: s.exportLog, load: s.load, loading: s.loading })),
  )
  const saving = state.status === 'saving'
  return (
    <>
      <Group gap="sm">
        <Button size="xs" onClick={() => void exportLog('csv')} loading={saving && state.format === 'csv'} disabled={saving}>
          Export CSV
        </Button>
        <Button size="xs" variant="light" onClick={() => void exportLog('json')} loading={saving && state.format === 'json'} disabled={saving}>
          Export JSON
        </Button>
        <Button size="xs" variant="subtle" onClick={() => void load()} loading={loading}>
          Check again
        </Button>
      </Group>
      <div data-testid="audit-export-outcome" aria-live="polite">
        {state.status === 'saved' && (
          <Alert color="teal" variant="light" title={`Exported as ${state.format.toUpperCase()}`}>
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm" ff="monospace" truncate="end" title={state.path}>
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
        {state.status === 'cancelled' && (
          <Text size="sm" c="dimmed">
            Export cancelled: no file was written.
          </Text>
        )}
        {state.status === 'failed' && (
          <Alert color="red" variant="light" title="Not exported" role="alert">
            {state.message}
          </Alert>
        )}
      </div>
    </>
  )
}
