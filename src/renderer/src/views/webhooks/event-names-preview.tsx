import { Code, Group, Stack, Text } from '@mantine/core'
import { eventNamesFor } from './event-names'

/** The event names an endpoint receives, and what the documentation leaves out. */
export function EventNamesPreview({ connect }: { connect: boolean }) {
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text size="sm">{connect ? 'A Connect account receives:' : 'A direct merchant account receives:'}</Text>
        {eventNamesFor(connect).map((name) => (
          <Code key={name}>{name}</Code>
        ))}
      </Group>
      <Text size="xs" c="dimmed">
        Only these two event names are documented. The service does not publish its full event catalogue, so other event types may arrive
        too.
      </Text>
    </Stack>
  )
}
