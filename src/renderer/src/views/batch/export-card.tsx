import { ExportOutcome } from '../../components/export-outcome'
import { Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { useBatch } from '../../stores/batch-store'
import { formatCount } from './format'

/** CSV or JSON through the save dialog of the main process; customer e-mails masked unless asked for. */
export function ExportCard() {
  const { state, includeEmails, setIncludeEmails, exportResults, count, running } = useBatch(
    useShallow((s) => ({
      state: s.exportState,
      includeEmails: s.includeEmails,
      setIncludeEmails: s.setIncludeEmails,
      exportResults: s.exportResults,
      count: s.progress?.done ?? 0,
      running: s.progress?.status === 'running',
    })),
  )
  const saving = state.status === 'saving'

  return (
    <Paper withBorder p="md" component="section" aria-label="Export">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3}>Export</Title>
          <Text size="sm" c="dimmed">
            {running ? `The ${formatCount(count)} results so far; export again when the run ends.` : `All ${formatCount(count)} results of this run, whatever the filters.`}
          </Text>
        </Group>
        <Checkbox
          label="Include customer e-mails (otherwise masked)"
          description="Masked looks like a***@example.com: enough to recognise a customer, not to write to them."
          checked={includeEmails}
          onChange={(event) => { setIncludeEmails(event.currentTarget.checked) }}
        />
        <Group gap="sm">
          <Button onClick={() => void exportResults('csv')} loading={saving && state.format === 'csv'} disabled={saving || count === 0}>
            Export CSV
          </Button>
          <Button variant="light" onClick={() => void exportResults('json')} loading={saving && state.format === 'json'} disabled={saving || count === 0}>
            Export JSON
          </Button>
        </Group>
        <ExportOutcome state={state} testId="export-outcome" savedVerb="Saved" />
      </Stack>
    </Paper>
  )
}
