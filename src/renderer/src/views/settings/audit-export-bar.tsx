import { ExportOutcome } from '../../components/export-outcome'
import { Button, Group } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { useAudit } from '../../stores/audit-store'
import { useMayCall } from '../../shell/policy-access'

/** Export through the main process's save dialog, and check the log again. */
export function AuditExportBar() {
  const { state, exportLog, load, loading } = useAudit(
    useShallow((s) => ({ state: s.exportState, exportLog: s.exportLog, load: s.load, loading: s.loading })),
  )
  const saving = state.status === 'saving'
  // Export is for admins; checking the log again is for everyone.
  const mayExport = useMayCall('auditExport')
  return (
    <>
      <Group gap="sm">
        {mayExport ? (
          <>
            <Button size="xs" onClick={() => void exportLog('csv')} loading={saving && state.format === 'csv'} disabled={saving}>
              Export CSV
            </Button>
            <Button
              size="xs"
              variant="light"
              onClick={() => void exportLog('json')}
              loading={saving && state.format === 'json'}
              disabled={saving}
            >
              Export JSON
            </Button>
          </>
        ) : null}
        <Button size="xs" variant="subtle" onClick={() => void load()} loading={loading}>
          Check again
        </Button>
      </Group>
      <ExportOutcome state={state} testId="audit-export-outcome" savedVerb="Exported" />
    </>
  )
}
