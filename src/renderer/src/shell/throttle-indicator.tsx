import { Group, Progress, Text, Tooltip, UnstyledButton } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { formatDuration } from '../../../shared/format/duration'
import { formatRate } from '../../../shared/format/number'
import { useNow } from '../hooks/use-now'
import { useRequests } from '../stores/requests-store'
import { useNavigation } from '../stores/navigation-store'

/** How hard the app leans on the rate limit, in the header of every screen. */
export function ThrottleIndicator() {
  const { scheduler, rateLimitedCount } = useRequests(useShallow((s) => ({ scheduler: s.scheduler, rateLimitedCount: s.rateLimitedCount })))
  const go = useNavigation((s) => s.go)
  const now = useNow(500)
  if (!scheduler) return null
  const busy = scheduler.inFlight + scheduler.queued.total
  const paused = scheduler.pausedUntil !== null && scheduler.pausedUntil > now
  const share = Math.min(100, (scheduler.rate / scheduler.ceiling) * 100)
  const why = scheduler.pause?.reason === 'quota' ? 'quota spent' : scheduler.pause?.reason === 'outage' ? 'service down' : '429'
  const summary = paused ? `holding back: ${why}` : `${formatRate(scheduler.rate)} of ${formatRate(scheduler.ceiling)} requests per second`
  const rateText = paused
    ? `${why}: paused ${formatDuration((scheduler.pausedUntil ?? now) - now)}`
    : `${formatRate(scheduler.rate)} of ${formatRate(scheduler.ceiling)} req/s`
  const countText = `${busy > 0 ? `${busy} waiting · ` : ''}${rateLimitedCount} × 429`
  return (
    <Tooltip label="Open the Requests screen">
      <UnstyledButton
        onClick={() => {
          go('requests')
        }}
        // The name starts with the words on screen, so speech input can say what it sees.
        aria-label={`${rateText} ${countText}. Throttle: ${summary}, ${rateLimitedCount} rate-limited. Open the Requests screen.`}
        data-testid="throttle-indicator"
      >
        <Group gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" w={{ base: 'auto', sm: 140 }} ta="right">
            {rateText}
          </Text>
          {/* Keeps the two texts apart as words where tools read the button's text run together. */}{' '}
          <Progress
            visibleFrom="sm"
            w={80}
            value={share}
            color={paused ? 'red' : share > 80 ? 'yellow' : 'teal'}
            aria-label="Rate against ceiling"
          />
          <Text size="xs" c={rateLimitedCount > 0 ? 'red' : 'dimmed'} w={{ base: 'auto', sm: 110 }}>
            {countText}
          </Text>
        </Group>
      </UnstyledButton>
    </Tooltip>
  )
}
