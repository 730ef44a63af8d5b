import { Group, Progress, Text, Tooltip, UnstyledButton } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { formatDuration } from '../../../shared/format/duration'
import { formatRate } from '../../../shared/format/number'
import { plural } from '../../../shared/format/plural'
import { formatRelative } from '../../../shared/format/time'
import { useNow } from '../hooks/use-now'
import { selectActiveAccount, useConnection } from '../stores/connection-store'
import { useRequests } from '../stores/requests-store'
import { useNavigation } from '../stores/navigation-store'
import { knownLimit, lastRateLimitedAt, sentPerSecond } from './rate-meter'

// A 429 this recent is news; older ones are history, read in grey.
const recent429Ms = 60_000

/**
 * How hard the app leans on the rate limit, in the header of every screen: the requests actually
 * sent per second against the limit known for the account in use, and when it last met a 429.
 */
export function ThrottleIndicator() {
  const { scheduler, entries } = useRequests(useShallow((s) => ({ scheduler: s.scheduler, entries: s.entries })))
  const account = useConnection((s) => selectActiveAccount(s)?.name ?? null)
  const go = useNavigation((s) => s.go)
  const now = useNow(500)
  if (!scheduler) return null
  const sent = sentPerSecond(entries, now, account)
  const limit = knownLimit(scheduler)
  const last429 = lastRateLimitedAt(entries, account)
  const busy = scheduler.inFlight + scheduler.queued.total
  const paused = scheduler.pausedUntil !== null && scheduler.pausedUntil > now
  const share = Math.min(100, (sent / limit.perSecond) * 100)
  const why = scheduler.pause?.reason === 'quota' ? 'quota spent' : scheduler.pause?.reason === 'outage' ? 'service down' : '429'
  const rateText = paused
    ? `${why}: paused ${formatDuration((scheduler.pausedUntil ?? now) - now)}`
    : `${formatRate(sent)} of ${formatRate(limit.perSecond)} req/s`
  const last429Text = last429 === null ? 'no 429 yet' : `last 429 ${formatRelative(last429, now)}`
  const waiting = busy > 0 ? ` ${plural(busy, { one: 'request', other: 'requests' })} waiting or in flight.` : ''
  return (
    <Tooltip label="Open the Requests screen">
      <UnstyledButton
        onClick={() => {
          go('requests')
        }}
        // The name starts with the words on screen, so speech input can say what it sees.
        aria-label={`${rateText}, ${last429Text}. Sending ${formatRate(sent)} requests per second; the limit, ${limit.source}, is ${formatRate(limit.perSecond)}.${waiting} Open the Requests screen.`}
        data-testid="throttle-indicator"
      >
        <Group gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" w={{ base: 'auto', sm: 150 }} ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="sent-rate">
            {rateText}
          </Text>
          {/* Keeps the two texts apart as words where tools read the button's text run together. */}{' '}
          <Progress
            visibleFrom="sm"
            w={80}
            value={share}
            color={paused ? 'red' : share > 80 ? 'yellow' : 'teal'}
            aria-label="Requests sent against the limit"
          />{' '}
          <Text
            size="xs"
            c={paused || (last429 !== null && now - last429 < recent429Ms) ? 'red' : 'dimmed'}
            w={{ base: 'auto', sm: 170 }}
            style={{ whiteSpace: 'nowrap' }}
            data-testid="last-429"
          >
            {last429Text}
          </Text>
        </Group>
      </UnstyledButton>
    </Tooltip>
  )
}
