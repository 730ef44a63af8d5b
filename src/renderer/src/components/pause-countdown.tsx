import { Alert, Code, Progress, Text } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import type { SchedulerStateView } from '../../../shared/contract/scheduler-schema'
import { formatDuration } from '../../../shared/format/duration'
import { useNow } from '../hooks/use-now'

const tickMs = 250

type Cause = NonNullable<SchedulerStateView['pause']>

export const pauseTitles: Record<Cause['reason'], string> = {
  'retry-after': 'Paused by the service (429 with Retry-After)',
  outage: 'The service is unavailable and asked to wait (5xx with Retry-After)',
  quota: 'The service’s announced quota is spent until its reset',
}

/**
 * The time left of a Retry-After pause, wherever a pause shows. Mount it keyed by `until`,
 * so a new pause starts a fresh count; once the time is up it shows nothing, even before
 * the next state arrives. `children` says what the pause means where it is shown.
 */
export function PauseCountdown({ until, cause, children }: { until: number; cause?: Cause | null; children?: ReactNode }) {
  const now = useNow(tickMs)
  // The pause length as first seen, for the bar; a later mount sees less of it, which is fine.
  const [total] = useState(() => Math.max(until - Date.now(), tickMs))
  const remainingMs = until - now
  if (remainingMs <= 0) return null
  return (
    <Alert color="orange" variant="light" title={pauseTitles[cause?.reason ?? 'retry-after']}>
      <Text size="sm" data-testid="pause-countdown" data-remaining-ms={Math.round(remainingMs)} aria-live="off">
        Every request waits: resuming in <b>{formatDuration(remainingMs)}</b>.{children ? <> {children}</> : null}
      </Text>
      {cause && (
        <Text size="sm" data-testid="pause-header">
          Asked for by <Code>{cause.header}</Code>
        </Text>
      )}
      <Progress
        mt="xs"
        size="sm"
        color="orange"
        value={Math.min(100, (remainingMs / total) * 100)}
        aria-label="Pause time left"
        transitionDuration={tickMs}
      />
    </Alert>
  )
}
