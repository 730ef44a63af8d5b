import { Divider, Paper, Skeleton, Stack, Text } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { useRequests } from '../../stores/requests-store'
import { SchedulerStats } from './scheduler-stats'
import { ThrottleControls } from './throttle-controls'

export function SchedulerCard() {
  const { scheduler, config } = useRequests(useShallow((s) => ({ scheduler: s.scheduler, config: s.config })))
  return (
    <Paper withBorder p="md" aria-labelledby="throttle-heading" component="section">
      <Stack gap="sm">
        <Text fw={600} id="throttle-heading">
          Throttle
        </Text>
        {scheduler ? <SchedulerStats scheduler={scheduler} /> : <Skeleton h={150} aria-label="Loading the throttle’s state" />}
        <Text size="xs" c="dimmed">
          The service publishes no rate limits, so the app learns them. Each 429 cuts the rate and, when the service sends
          Retry-After, holds every request until then; while requests succeed the rate climbs back, never above your ceiling.
        </Text>
        <Divider />
        {config ? <ThrottleControls key={`${config.ceiling}/${config.concurrency}`} config={config} /> : <Skeleton h={60} />}
      </Stack>
    </Paper>
  )
}
