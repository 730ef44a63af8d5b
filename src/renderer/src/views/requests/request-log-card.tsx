import { Badge, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core'
import { useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { ErrorAlert } from '../../components/error-alert'
import { useNavigation } from '../../stores/navigation-store'
import { useRequests } from '../../stores/requests-store'
import { RequestFilterBar } from './request-filter-bar'
import { filterNewestFirst, isFiltered } from './request-filters'
import { RequestTable } from './request-table'
import { formatCount } from '../../../../shared/format/number'
import { plural } from '../../../../shared/format/plural'

const requests = { one: 'request', other: 'requests' }

const tableHeight = 420

/** The live request log: filters, counts and the virtualized table, or what to do when it is empty. */
export function RequestLogCard() {
  const { entries, rateLimitedCount, filter, load, loadError, reload, clearFilter } = useRequests(
    useShallow((s) => ({
      entries: s.entries,
      rateLimitedCount: s.rateLimitedCount,
      filter: s.filter,
      load: s.load,
      loadError: s.loadError,
      reload: s.reload,
      clearFilter: s.clearFilter,
    })),
  )
  const rows = useMemo(() => filterNewestFirst(entries, filter), [entries, filter])
  const filtered = isFiltered(filter)

  let body: React.JSX.Element
  if (entries.length === 0 && (load === 'idle' || load === 'loading')) {
    body = (
      <Center h={160}>
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">Loading the request log…</Text>
        </Group>
      </Center>
    )
  } else if (entries.length === 0) {
    body = (
      <Stack align="center" gap="xs" py="xl">
        <Text fw={600}>No requests yet</Text>
        <Text c="dimmed" size="sm" ta="center">
          Every request the app sends to the service shows here as it happens. Look up a payment to send the first one.
        </Text>
        <Button
          variant="light"
          onClick={() => {
            useNavigation.getState().go('payments')
          }}
        >
          Look up a payment
        </Button>
      </Stack>
    )
  } else if (rows.length === 0) {
    body = (
      <Stack align="center" gap="xs" py="xl">
        <Text fw={600}>No request matches these filters</Text>
        <Text c="dimmed" size="sm">
          {plural(entries.length, { one: 'request is', other: 'requests are' })} in the log.
        </Text>
        <Button variant="light" onClick={clearFilter}>
          Clear filters
        </Button>
      </Stack>
    )
  } else {
    body = <RequestTable rows={rows} maxHeight={tableHeight} />
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="request-log-heading">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} id="request-log-heading">
            Request log
          </Text>
          <Group gap="xs">
            <Text size="sm" c="dimmed" data-testid="request-count">
              {filtered ? `${formatCount(rows.length)} of ${plural(entries.length, requests)}` : plural(entries.length, requests)}, newest
              first
            </Text>
            <Badge
              color={rateLimitedCount > 0 ? 'red' : 'gray'}
              variant={rateLimitedCount > 0 ? 'filled' : 'light'}
              data-testid="rate-limited-count"
            >
              {rateLimitedCount} × 429
            </Badge>
          </Group>
        </Group>
        {loadError && (
          <ErrorAlert error={loadError} title="The request log could not be loaded">
            <Button size="xs" variant="light" color="red" onClick={() => void reload()}>
              Try again
            </Button>
          </ErrorAlert>
        )}
        <RequestFilterBar />
        {body}
      </Stack>
    </Paper>
  )
}
