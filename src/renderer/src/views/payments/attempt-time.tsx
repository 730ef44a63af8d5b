import { Group, Stack, Text } from '@mantine/core'
import { readTime } from '../../../../shared/format/time'
import { useNow } from '../../hooks/use-now'

/** When the last attempt happened: relative, local time and UTC. */
export function AttemptTime({ iso }: { iso: string }) {
  const now = useNow()
  const time = readTime(iso, now)
  if (!time) {
    return (
      <Text size="sm">
        {iso}{' '}
        <Text span size="sm" c="dimmed">
          (not a date this app can read)
        </Text>
      </Text>
    )
  }
  return (
    <Stack gap={0}>
      <Text fw={600} data-testid="attempt-relative">
        {time.relative}
      </Text>
      <Group gap="md" wrap="wrap">
        <Text size="sm" data-testid="attempt-local">
          {time.local}{' '}
          <Text span size="xs" c="dimmed">
            your time
          </Text>
        </Text>
        <Text size="sm" ff="monospace" data-testid="attempt-utc">
          {time.utc}
        </Text>
      </Group>
    </Stack>
  )
}
