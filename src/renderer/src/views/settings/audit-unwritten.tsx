import { Alert, List, Text } from '@mantine/core'
import { auditActionLabels, type UnwrittenAuditEvent } from '../../../../shared/contract/audit-schema'
import { readTime } from '../../../../shared/format/time'
import { plural } from '../../../../shared/format/plural'

/** Actions that happened while the log could not be written: kept in memory until it can. */
export function AuditUnwritten({ events }: { events: UnwrittenAuditEvent[] }) {
  if (events.length === 0) return null
  return (
    <Alert
      color="yellow"
      title={`${plural(events.length, { one: 'entry is', other: 'entries are' })} not written yet`}
      data-testid="audit-unwritten"
    >
      <Text size="sm" mb="xs">
        These actions were carried out, but the log could not be written. The app writes them as soon as it can, as long as it keeps
        running. {events[0]?.reason}
      </Text>
      <List size="sm" spacing={2}>
        {events.map((event, index) => (
          <List.Item key={index}>
            {readTime(event.at)?.local ?? event.at}: {auditActionLabels[event.action]}: {event.detail}
          </List.Item>
        ))}
      </List>
    </Alert>
  )
}
