import { Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core'
import type { SchedulerStateView } from '../../../../shared/contract/scheduler-schema'
import { formatRate } from '../../../../shared/format/number'
import { AnnouncedLimits } from './announced-limits'
import { LearntLimit, placesLeft } from './learnt-limit'
import { PauseCountdown } from '../../components/pause-countdown'

function Stat({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <Paper withBorder p="xs" radius="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="lg" data-testid={testId}>
        {value}
      </Text>
      {hint !== undefined && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  )
}

function inFlightHint(scheduler: SchedulerStateView, learntCap: boolean): string {
  if (!learntCap) return 'at once, of the limit'
  const left = placesLeft(scheduler)
  return left > 0 ? `at once, of the cap learnt from 429s less ${left} left to colleagues` : 'at once, of the cap learnt from 429s'
}

/** The scheduler's state as it changes: rate against the ceiling, tokens, queue, pause. */
export function SchedulerStats({ scheduler }: { scheduler: SchedulerStateView }) {
  const share = Math.min(100, (scheduler.rate / scheduler.ceiling) * 100)
  const inFlightLimit = Math.min(scheduler.concurrency, scheduler.inFlightHeld ?? scheduler.concurrency)
  const learntCap = inFlightLimit < scheduler.concurrency
  const { queued } = scheduler
  return (
    <Stack gap="sm">
      <div>
        <Group justify="space-between" mb={4} wrap="nowrap">
          <Text size="sm">
            Sending at most <b data-testid="scheduler-rate">{formatRate(scheduler.rate)} req/s</b>
          </Text>
          <Text size="sm" c="dimmed">
            ceiling <span data-testid="scheduler-ceiling">{formatRate(scheduler.ceiling)} req/s</span>
          </Text>
        </Group>
        <Progress value={share} color={share > 80 ? 'yellow' : 'teal'} aria-label="Current rate against the ceiling" />
        <Text size="xs" c="dimmed" mt={4}>
          {scheduler.learnedLimit === null
            ? 'The service’s limit is not known yet, so the rate climbs toward the ceiling.'
            : scheduler.limitSource === 'headers'
              ? `The service announces its limit: about ${formatRate(scheduler.learnedLimit)} req/s.`
              : `Learned from 429s: the throttle estimates the service’s limit at about ${formatRate(scheduler.learnedLimit)} req/s.`}
        </Text>
      </div>
      <LearntLimit scheduler={scheduler} />
      {scheduler.headersDistrusted && (
        <Text size="sm" c="orange" data-testid="headers-distrusted">
          The service’s rate-limit headers announced more than it allowed, so they are no longer believed: the limit is learned from its
          answers.
        </Text>
      )}
      <AnnouncedLimits limits={scheduler.announced} />
      {scheduler.pausedUntil !== null && (
        <PauseCountdown
          key={scheduler.pausedUntil}
          until={scheduler.pausedUntil}
          cause={scheduler.pause?.until === scheduler.pausedUntil ? scheduler.pause : null}
        />
      )}
      <SimpleGrid cols={{ base: 3 }} spacing="xs">
        <Stat
          label="Tokens"
          value={`${scheduler.tokens.toFixed(1)} / ${formatRate(scheduler.burst)}`}
          hint="ready to send now"
          testId="scheduler-tokens"
        />
        <Stat
          label="Queued"
          value={String(queued.total)}
          hint={`${queued.interactive} interactive · ${queued.batch} batch`}
          testId="queue-depth"
        />
        <Stat
          label="In flight"
          value={`${scheduler.inFlight} / ${inFlightLimit}`}
          hint={inFlightHint(scheduler, learntCap)}
          testId="scheduler-in-flight"
        />
      </SimpleGrid>
    </Stack>
  )
}
