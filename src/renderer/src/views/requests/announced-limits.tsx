import { Table, Text } from '@mantine/core'
import type { SchedulerStateView } from '../../../../shared/contract/scheduler-schema'
import { formatDuration } from '../../../../shared/format/duration'
import { useNow } from '../../hooks/use-now'

const names: Record<string, string> = { ratelimit: 'RateLimit', 'ratelimit-legacy': 'RateLimit-*', 'x-ratelimit': 'X-RateLimit-*' }

/** Every limit the service announced (its policies, its named throttlers), with what is left of each. */
export function AnnouncedLimits({ limits }: { limits: SchedulerStateView['announced'] }) {
  const now = useNow(1_000)
  if (limits.length === 0) return null
  return (
    <Table striped withTableBorder data-testid="announced-limits" aria-label="Limits the service announced">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Limit the service announced</Table.Th>
          <Table.Th scope="col">Quota</Table.Th>
          <Table.Th scope="col">Left</Table.Th>
          <Table.Th scope="col">Whole again in</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {limits.map((limit) => (
          <Table.Tr key={limit.name}>
            <Table.Td>
              <Text size="sm">{names[limit.name] ?? limit.name}</Text>
            </Table.Td>
            <Table.Td>
              {limit.limit === null
                ? 'not said'
                : `${limit.limit}${limit.windowMs === null ? '' : ` per ${formatDuration(limit.windowMs)}`}`}
            </Table.Td>
            <Table.Td>{limit.remaining}</Table.Td>
            <Table.Td>{limit.resetAt === null || limit.resetAt <= now ? 'now' : formatDuration(limit.resetAt - now)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
