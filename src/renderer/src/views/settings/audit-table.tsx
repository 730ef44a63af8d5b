import { ScrollArea, Table, Text } from '@mantine/core'
import { auditActionLabels, type AuditEntry } from '../../../../shared/contract/audit-schema'
import { environmentLabels } from '../../../../shared/environments'
import { formatCount } from '../../../../shared/format/number'
import { readTime } from '../../../../shared/format/time'
import { plural } from '../../../../shared/format/plural'

const nowrap = { whiteSpace: 'nowrap' } as const

/** The entries, newest first; the ones a problem names are marked. */
export function AuditTable(props: { entries: AuditEntry[]; total: number; flagged: ReadonlySet<number> }) {
  const { entries, total, flagged } = props
  if (entries.length === 0) return null
  return (
    <>
      <ScrollArea.Autosize mah={380} type="auto" offsetScrollbars>
        <Table
          stickyHeader
          striped
          highlightOnHover
          verticalSpacing={4}
          horizontalSpacing="xs"
          // Narrower than this (200 % zoom), the table scrolls sideways rather than break the detail into letters.
          miw={720}
          fz="xs"
          aria-label="Audit log entries"
          data-testid="audit-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>When</Table.Th>
              <Table.Th>User</Table.Th>
              <Table.Th>Environment</Table.Th>
              <Table.Th>Account</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th w="45%">Detail</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => {
              const problem = flagged.has(entry.seq) || entry.action === 'audit-problem'
              return (
                <Table.Tr
                  key={`${entry.seq}-${entry.hash}`}
                  bg={problem ? 'var(--mantine-color-red-light)' : undefined}
                  data-problem={problem || undefined}
                >
                  <Table.Td c="dimmed">{entry.seq}</Table.Td>
                  <Table.Td title={entry.at} style={nowrap}>
                    {readTime(entry.at)?.local ?? entry.at}
                  </Table.Td>
                  <Table.Td>
                    <Text fz="xs" truncate="end" maw={120} title={entry.user}>
                      {entry.user}
                    </Text>
                  </Table.Td>
                  <Table.Td style={nowrap}>
                    <Text
                      fz="xs"
                      c={entry.environment === 'production' ? 'red' : undefined}
                      fw={entry.environment === 'production' ? 600 : undefined}
                    >
                      {environmentLabels[entry.environment]}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {/* Entries about a whole environment, and those from before accounts, name none. */}
                    <Text fz="xs" truncate="end" maw={120} title={entry.account}>
                      {entry.account ?? ''}
                    </Text>
                  </Table.Td>
                  <Table.Td style={nowrap}>
                    <Text fz="xs" fw={600} c={entry.action === 'audit-problem' ? 'red' : undefined}>
                      {auditActionLabels[entry.action]}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.detail}</Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {total > entries.length ? (
        <Text size="xs" c="dimmed">
          Showing the newest {formatCount(entries.length)} of {plural(total, { one: 'entry', other: 'entries' })}; the export has them all.
        </Text>
      ) : null}
    </>
  )
}
