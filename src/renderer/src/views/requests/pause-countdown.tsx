import { Alert, Progress, Text } from '@mantine/core'
import { useState } from 'react'
import { useNow } from '../../hooks/use-now'

const tickMs = 250

/**
 * The time left of a Retry-After pause. Mount it keyed by `until`, so a new pause starts
 * a fresh count; once the time is up it shows nothing, even before the next state arrives.
 */
export function PauseCountdown({ until }: { until: number }) {
  const now = useNow(tickMs)
  // The pause length as first seen, for the bar; a later mount sees less of it, which is fine.
  const [total] = useState(() => Math.max(until - Date.now(), tickMs))
  const remainingMs = until - now
  if (remainingMs <= 0) return null
  return (
    <Alert color="red" variant="light" title="Paused by the service (429 with Retry-After)">
      <Text size="sm" data-testid="pause-countdown" data-remaining-ms={Math.round(remainingMs)} aria-live="off">
        Every request waits: resuming in <b>{(remainingMs / 1000).toFixed(1)} s</b>.
      </Text>
      <Progress mt="xs" size="sm" color="red" value={Math.min(100, (remainingMs / total) * 100)} aria-label="Pause time left" transitionDuration={tickMs} />
    </Alert>
  )
}
