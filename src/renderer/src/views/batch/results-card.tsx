import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { useDeferredValue, useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { ErrorAlert } from '../../components/error-alert'
import { useBatchResults } from '../../stores/batch-results-store'
import { useBatchRun } from '../../stores/batch-run-store'
import { formatCount } from '../../../../shared/format/number'
import { ResultsFilterBar } from './results-filter-bar'
import { ResultsTable } from './results-table'
import { visibleResults } from './result-filters'
import { plural } from '../../../../shared/format/plural'

const resultForms = { one: 'result', other: 'results' }

/** Every result of the run, filtered and sorted in memory; the table renders only the rows in sight. */
export function ResultsCard() {
  const { results, filter, sort, status, error, refresh, clearFilter } = useBatchResults(
    useShallow((s) => ({
      results: s.results,
      filter: s.filter,
      sort: s.sort,
      status: s.status,
      error: s.error,
      refresh: s.refresh,
      clearFilter: s.clearFilter,
    })),
  )
  const running = useBatchRun((s) => s.progress?.status === 'running')
  // Typing in the ID filter stays responsive while 50,000 rows are filtered behind it.
  const deferredFilter = useDeferredValue(filter)
  const rows = useMemo(() => visibleResults(results, deferredFilter, sort), [results, deferredFilter, sort])

  return (
    <Paper withBorder p="md" component="section" aria-label="Results">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3}>Results</Title>
          <Text size="sm" c="dimmed" data-testid="results-shown">
            {rows.length === results.length
              ? plural(results.length, resultForms)
              : `${formatCount(rows.length)} of ${plural(results.length, resultForms)}`}
            {running && ' so far · updates while the run goes'}
          </Text>
        </Group>
        <ResultsFilterBar results={results} />
        {status === 'error' && error && (
          <ErrorAlert error={error} title="Could not load the results">
            <Button size="xs" variant="light" color="red" onClick={() => void refresh()}>
              Try again
            </Button>
          </ErrorAlert>
        )}
        {status === 'loading' && results.length === 0 ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">Loading the results…</Text>
          </Group>
        ) : results.length === 0 ? (
          <Text size="sm" c="dimmed">
            {running ? 'Results show here as they arrive.' : 'This run has no results: resume it to look the IDs up.'}
          </Text>
        ) : rows.length === 0 ? (
          <Group gap="sm">
            <Text size="sm" c="dimmed">
              No result matches these filters.
            </Text>
            <Button size="xs" variant="light" onClick={clearFilter}>
              Clear filters
            </Button>
          </Group>
        ) : (
          <ResultsTable rows={rows} />
        )}
      </Stack>
    </Paper>
  )
}
