import { Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core'
import type { BatchProgress } from '../../../../shared/contract/batch-schema'
import { formatDuration } from '../../../../shared/format/duration'
import { formatCount, formatRate } from '../../../../shared/format/number'
import { PauseCountdown } from '../../components/pause-countdown'

function Stat({ label, value, color, testId }: { label: string; value: string; color?: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={700}>
        {label}
      </Text>
      <Text fw={600} c={color} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  )
}

function timeLeft(job: BatchProgress): string {
  if (job.status === 'completed') return 'done'
  if (job.status !== 'running') return job.status
  return job.etaSeconds === null ? 'estimating…' : `about ${formatDuration(job.etaSeconds * 1000)}`
}

/** Done / total, the rate, the time left, the 429s and the pause, live while the run goes. */
export function RunProgress({ job }: { job: BatchProgress }) {
  const percent = job.total === 0 ? 0 : (job.done / job.total) * 100
  const color = job.status === 'completed' ? 'teal' : job.status === 'running' ? 'blue' : job.status === 'cancelled' ? 'gray' : 'yellow'
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600} data-testid="batch-progress-text" aria-live="off">
          {formatCount(job.done)} / {formatCount(job.total)} looked up
        </Text>
        <Text size="sm" c="dimmed">
          {Math.floor(percent)}%
        </Text>
      </Group>
      <Progress
        value={percent}
        size="lg"
        color={color}
        striped={job.status === 'running'}
        animated={job.status === 'running'}
        aria-label="Batch progress"
        transitionDuration={200}
      />
      <SimpleGrid cols={{ base: 3, sm: 4, lg: 7 }} spacing="sm" verticalSpacing="sm">
        <Stat label="Rate" value={job.status === 'running' ? `${formatRate(job.ratePerSecond)} req/s` : '—'} testId="batch-rate" />
        <Stat label="Time left" value={timeLeft(job)} testId="batch-eta" />
        <Stat
          label="429s so far"
          value={formatCount(job.rateLimited)}
          color={job.rateLimited > 0 ? 'red' : undefined}
          testId="batch-429s"
        />
        <Stat label="Found" value={formatCount(job.counts.found)} testId="batch-found" />
        <Stat
          label="Failed payments"
          value={formatCount(job.counts.failedPayments)}
          color={job.counts.failedPayments > 0 ? 'red' : undefined}
          testId="batch-failed"
        />
        <Stat label="Not found" value={formatCount(job.counts.notFound)} testId="batch-not-found" />
        <Stat
          label="Lookup errors"
          value={formatCount(job.counts.error)}
          color={job.counts.error > 0 ? 'orange' : undefined}
          testId="batch-errors"
        />
      </SimpleGrid>
      {job.status === 'running' && job.pausedUntil !== null && (
        <PauseCountdown key={job.pausedUntil} until={job.pausedUntil}>
          Nothing is lost: the run picks up by itself.
        </PauseCountdown>
      )}
    </Stack>
  )
}
