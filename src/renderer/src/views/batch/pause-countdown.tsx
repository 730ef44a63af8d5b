import { Alert, Text } from '@mantine/core'

/** The time left of a Retry-After pause the service asked for; every request waits, the run too. */
export function PauseCountdown({ until, now }: { until: number; now: number }) {
  const remainingMs = until - now
  return (
    <Alert color="orange" variant="light" title="The service asked the app to wait (429 with Retry-After)">
      <Text size="sm" data-testid="batch-pause-countdown" data-remaining-ms={Math.round(remainingMs)}>
        Resuming in <b>{(remainingMs / 1000).toFixed(1)} s</b>. Nothing is lost: the run picks up by itself.
      </Text>
    </Alert>
  )
}
