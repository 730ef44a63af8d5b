import { Alert, List, Stack, Text } from '@mantine/core'
import type { AuditList } from '../../../../shared/contract/audit-schema'
import { plural, pluralWord } from '../../../../shared/format/plural'

const problems = { one: 'problem', other: 'problems' }

/** Whether the keyed chain held: a green line, or every problem in red. */
export function AuditVerdict({ list }: { list: AuditList }) {
  const { verification, total } = list
  if (!verification.ok) {
    return (
      <Alert
        color="red"
        title={`The audit log failed its check: ${plural(verification.problems.length, problems)}`}
        data-testid="audit-verdict"
        data-ok="false"
      >
        <Stack gap="xs">
          <List size="sm" spacing={2}>
            {verification.problems.map((problem, index) => (
              <List.Item key={index}>{problem.message}</List.Item>
            ))}
          </List>
          <Text size="xs" c="dimmed">
            The app never repairs the log: these problems stay visible, and new entries are still added after them. The JSON export carries
            this list.
          </Text>
        </Stack>
      </Alert>
    )
  }
  if (total === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="audit-verdict" data-ok="true">
        Nothing recorded yet: key changes, environment switches, webhook registrations and checkouts will appear here.
      </Text>
    )
  }
  const earlier = list.entries.filter((entry) => entry.action === 'audit-problem').length
  return (
    <Alert
      color="green"
      variant="light"
      title={`Intact: ${plural(total, { one: 'entry', other: 'entries' })}, keyed chain verified`}
      role="status"
      data-testid="audit-verdict"
      data-ok="true"
    >
      <Text size="sm">
        No entry was changed, removed or cut off since it was written.
        {earlier > 0
          ? ` ${plural(earlier, problems)} found earlier ${pluralWord(earlier, { one: 'is', other: 'are' })} recorded in the log, marked in red below.`
          : ''}
      </Text>
    </Alert>
  )
}
