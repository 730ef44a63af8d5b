import { Stack, Text } from '@mantine/core'
import { formatLocal, formatRelative, formatUtc } from '../../../../shared/format/time'
import { useNow } from '../../hooks/use-now'

/** A moment in local time, with UTC and "3 hours ago" beneath. */
export function Timestamp({ time }: { time: number }) {
  const now = useNow()
  return (
    <Stack gap={0}>
      <Text size="sm">{formatLocal(time)}</Text>
      <Text size="xs" c="dimmed">
        {formatUtc(time)} · {formatRelative(time, now)}
      </Text>
    </Stack>
  )
}
