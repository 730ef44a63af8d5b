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
          When the service announces its limit in rate-limit headers, the app follows them. Otherwise it learns the limit: each 429 cuts the
          rate by a fifth, it climbs back gently to where the 429 came, and now and then it looks a little above: at most once per 200
          requests that got through, each 429 putting the next look off by 200 more, up to 400. If the service keeps refusing, every request
          waits for its Retry-After. Never above your ceiling. The headroom is the share of the limit batch work leaves to colleagues using
          the same key; your own lookups may still use it, but for the places of a cap on requests in flight, learnt from 429s, that it
          leaves them.
        </Text>
        <Divider />
        {config ? (
          <ThrottleControls key={`${config.ceiling}/${config.concurrency}/${config.headroom}`} config={config} />
        ) : (
          <Skeleton h={60} />
        )}
      </Stack>
    </Paper>
  )
}
