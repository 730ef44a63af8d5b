import { Badge, Button, Code, CopyButton, Group, Paper, Stack, Table, Text } from '@mantine/core'
import type { SandboxDeliveryView } from '../../stores/webhook-sandbox-store'
import { formatClock, formatRelative, formatUtc } from '../../../../shared/format/time'
import { plural } from '../../../../shared/format/plural'

const statusColors = { pending: 'yellow', delivered: 'teal', failed: 'red' } as const

interface Props {
  delivery: SandboxDeliveryView
  endpointUrl: string | null
  now: number
  onCheck: () => void
}

/** One delivery and every attempt at it: when, what the receiver answered, how long it took. */
export function DeliveryCard({ delivery, endpointUrl, now, onCheck }: Props) {
  const first = delivery.attempts[0]
  const next = delivery.nextAttemptAt === null ? null : Date.parse(delivery.nextAttemptAt)
  return (
    <Paper withBorder p="sm" data-testid="delivery" aria-label={`Delivery ${delivery.eventType} ${delivery.hookId}`} component="article">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Code fw={700}>{delivery.eventType}</Code>
            <Badge color={statusColors[delivery.status]} variant="light" data-testid="delivery-status">
              {delivery.status}
            </Badge>
            <Text size="sm">
              payment <Code>{delivery.paymentId}</Code>
            </Text>
          </Group>
          {first && (
            <Text size="xs" c="dimmed">
              first attempt {formatRelative(Date.parse(first.startedAt), now)}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            hook-id
          </Text>
          <Code>{delivery.hookId}</Code>
          <CopyButton value={delivery.hookId}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="subtle" onClick={copy} aria-label={`Copy hook-id ${delivery.hookId}`}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          {endpointUrl && (
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              to {endpointUrl}
            </Text>
          )}
        </Group>
        {delivery.attempts.length === 0 ? (
          <Text size="xs" c="dimmed">
            No attempt yet.
          </Text>
        ) : (
          <Table withTableBorder verticalSpacing={4} fz="xs" aria-label="Attempts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Time</Table.Th>
                <Table.Th>hook-timestamp</Table.Th>
                <Table.Th>Answer</Table.Th>
                <Table.Th>Duration</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {delivery.attempts.map((attempt) => {
                const started = Date.parse(attempt.startedAt)
                return (
                  <Table.Tr key={attempt.attempt}>
                    <Table.Td>{attempt.attempt}</Table.Td>
                    <Table.Td title={formatUtc(started)}>{formatClock(started)}</Table.Td>
                    <Table.Td>{attempt.hookTimestamp}</Table.Td>
                    <Table.Td>
                      <Text span size="xs" c={attempt.error === null ? 'teal' : 'red'}>
                        {attempt.error ?? `HTTP ${attempt.statusCode ?? ''}`}
                      </Text>
                    </Table.Td>
                    <Table.Td>{attempt.durationMs} ms</Table.Td>
                  </Table.Tr>
                )
              })}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {next === null
              ? plural(delivery.attempts.length, { one: 'attempt', other: 'attempts' })
              : `Next attempt ${formatRelative(next, now)}`}
          </Text>
          <Button size="xs" variant="light" onClick={onCheck}>
            Check its signature
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
