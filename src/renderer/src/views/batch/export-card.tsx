import { useMemo, useState } from 'react'
import { ExportOutcome } from '../../components/export-outcome'
import { Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { useBatchExport } from '../../stores/batch-export-store'
import { useBatchResults } from '../../stores/batch-results-store'
import { useBatchRun } from '../../stores/batch-run-store'
import { formatCount } from '../../../../shared/format/number'
import { isFiltering, visibleResults } from './result-filters'
import { plural } from '../../../../shared/format/plural'

const resultForms = { one: 'result', other: 'results' }

/** CSV or JSON through the save dialog of the main process; customer e-mails masked unless asked for. */
export function ExportCard() {
  const { state, includeEmails, setIncludeEmails, exportResults } = useBatchExport(
    useShallow((s) => ({
      state: s.exportState,
      includeEmails: s.includeEmails,
      setIncludeEmails: s.setIncludeEmails,
      exportResults: s.exportResults,
    })),
  )
  const { results, filter } = useBatchResults(useShallow((s) => ({ results: s.results, filter: s.filter })))
  const { count, running } = useBatchRun(useShallow((s) => ({ count: s.progress?.done ?? 0, running: s.progress?.status === 'running' })))
  const saving = state.status === 'saving'
  // What the table shows is what a user who filtered expects in the file; they can still ask for everything.
  const [onlyShown, setOnlyShown] = useState(true)
  const shownIds = useMemo(() => (!isFiltering(filter) ? null : visibleResults(results, filter, null).map((r) => r.id)), [results, filter])
  const onlyIds = onlyShown && shownIds !== null ? shownIds : undefined
  const rows = onlyIds ? onlyIds.length : count

  return (
    <Paper withBorder p="md" component="section" aria-label="Export">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3}>Export</Title>
          <Text size="sm" c="dimmed">
            {running
              ? `The ${plural(rows, resultForms)} so far; export again when the run ends.`
              : onlyIds
                ? `The ${formatCount(rows)} of ${plural(count, resultForms)} the filters show.`
                : count === 1
                  ? 'The one result of this run.'
                  : `All ${plural(count, resultForms)} of this run.`}
          </Text>
        </Group>
        {shownIds !== null && (
          <Checkbox
            label={`Only the ${plural(shownIds.length, { one: 'row', other: 'rows' })} the filters show`}
            description="Uncheck to export every result of the run."
            checked={onlyShown}
            onChange={(event) => {
              setOnlyShown(event.currentTarget.checked)
            }}
          />
        )}
        <Checkbox
          label="Include customer e-mails (otherwise masked)"
          description="Masked looks like a***@example.com: enough to recognise a customer, not to write to them."
          checked={includeEmails}
          onChange={(event) => {
            setIncludeEmails(event.currentTarget.checked)
          }}
        />
        <Group gap="sm">
          <Button
            onClick={() => void exportResults('csv', onlyIds)}
            loading={saving && state.format === 'csv'}
            disabled={saving || rows === 0}
          >
            Export CSV
          </Button>
          <Button
            variant="light"
            onClick={() => void exportResults('json', onlyIds)}
            loading={saving && state.format === 'json'}
            disabled={saving || rows === 0}
          >
            Export JSON
          </Button>
        </Group>
        <ExportOutcome state={state} testId="export-outcome" savedVerb="Saved" />
        {state.status === 'saved' && state.summaryPath && (
          <Text size="sm" data-testid="export-summary">
            Beside it, the failed amounts per currency (customer can retry or not):{' '}
            <Text span ff="monospace" size="sm" data-testid="export-summary-path">
              {state.summaryPath}
            </Text>
          </Text>
        )}
      </Stack>
    </Paper>
  )
}
