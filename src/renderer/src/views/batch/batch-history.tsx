import { Button, Group, Loader, Paper, ScrollArea, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { environmentLabels } from '../../../../shared/environments'
import { ErrorAlert } from '../../components/error-alert'
import { useBatchRun } from '../../stores/batch-run-store'
import { formatCount } from '../../../../shared/format/number'
import { formatRelative, readTime } from '../../../../shared/format/time'
import { JobStatusBadge } from './status-badge'
import { RerunOf } from './rerun-buttons'
import { useNow } from '../../hooks/use-now'

/** Earlier runs kept in the app's data folder, to open their results or export them again. */
export function BatchHistory() {
  const { jobs, listStatus, listError, loadJobs, show } = useBatchRun(
    useShallow((s) => ({ jobs: s.jobs, listStatus: s.listStatus, listError: s.listError, loadJobs: s.loadJobs, show: s.show })),
  )
  const now = useNow(30_000)

  return (
    <Paper withBorder p="md" component="section" aria-label="Earlier batches">
      <Stack gap="sm">
        <Title order={3}>Earlier batches</Title>
        {listStatus === 'loading' && jobs.length === 0 && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">Loading the batches saved on this computer…</Text>
          </Group>
        )}
        {listStatus === 'error' && listError && (
          <ErrorAlert error={listError} title="Could not read the saved batches">
            <Button size="xs" variant="light" color="red" onClick={() => void loadJobs()}>
              Try again
            </Button>
          </ErrorAlert>
        )}
        {listStatus === 'ready' && jobs.length === 0 && (
          <Text size="sm" c="dimmed">
            No batches yet. Paste IDs above and start the first one; its results stay here to open or export later.
          </Text>
        )}
        {jobs.length > 0 && (
          <ScrollArea.Autosize mah={320} type="auto">
            <Table miw={640} verticalSpacing={6} highlightOnHover aria-label="Earlier batches">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Started</Table.Th>
                  <Table.Th>Environment</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Looked up</Table.Th>
                  <Table.Th ta="right">Failed payments</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Open</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {jobs.map((job) => {
                  const started = readTime(job.createdAt, now)
                  return (
                    <Table.Tr key={job.id}>
                      <Table.Td>
                        <Text size="sm" fw={500} truncate="end" maw={220} title={job.label}>
                          {job.label}
                        </Text>
                        <RerunOf job={job} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" title={started ? `${started.local} · ${started.utc}` : undefined}>
                          {formatRelative(job.createdAt, now)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {environmentLabels[job.environment]} · {job.account.name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <JobStatusBadge status={job.status} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm">
                          {formatCount(job.done)} / {formatCount(job.total)}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm" c={job.counts.failedPayments > 0 ? 'red' : undefined}>
                          {formatCount(job.counts.failedPayments)}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => {
                            show(job.id)
                          }}
                          aria-label={`Open ${job.label}`}
                        >
                          Open
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  )
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Paper>
  )
}
