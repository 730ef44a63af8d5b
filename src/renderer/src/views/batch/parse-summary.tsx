import { Badge, Button, CopyButton, Group, Loader, ScrollArea, Stack, Table, Text } from '@mantine/core'
import type { ParsedIdList } from '../../../../shared/batch/parse-ids'
import { formatCount } from '../../../../shared/format/number'
import { notSentAsText } from './not-sent'
import { plural, pluralWord } from '../../../../shared/format/plural'

const lines = { one: 'line', other: 'lines' }

// Thousands of invalid lines would only slow the screen; the first ones show the pattern,
// and the copy button below carries them all.
const shownInvalid = 200
const shownBlankLines = 30

/** What the pasted text or the file holds, before anything is sent. */
export function ParseSummary({ parsed, parsing }: { parsed: ParsedIdList | null; parsing: boolean }) {
  if (parsing) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">Reading the list…</Text>
      </Group>
    )
  }
  if (parsed === null) {
    return (
      <Text size="sm" c="dimmed" data-testid="parse-summary">
        Paste IDs above or open a file: how many will be looked up shows here before anything is sent.
      </Text>
    )
  }
  const { ids, duplicates, blankLines, invalid, format, column } = parsed
  const notSent = invalid.length + blankLines.length
  return (
    <Stack gap="xs" data-testid="parse-summary" aria-live="polite">
      <Group gap="xs" wrap="wrap">
        <Badge size="lg" variant="filled" color={ids.length > 0 ? 'indigo' : 'gray'} data-testid="count-ids">
          {plural(ids.length, { one: 'ID to look up', other: 'IDs to look up' })}
        </Badge>
        <Badge size="lg" variant="light" color="gray" data-testid="count-duplicates">
          {plural(duplicates, { one: 'duplicate', other: 'duplicates' })} collapsed
        </Badge>
        <Badge size="lg" variant="light" color="gray" data-testid="count-blank">
          {formatCount(blankLines.length)} blank
        </Badge>
        <Badge size="lg" variant="light" color={invalid.length > 0 ? 'red' : 'gray'} data-testid="count-invalid">
          {formatCount(invalid.length)} invalid
        </Badge>
        {format === 'csv' && column !== null && (
          <Text size="sm" c="dimmed" data-testid="csv-column">
            Read as CSV, IDs from the column “{column}”
          </Text>
        )}
      </Group>
      {blankLines.length > 0 && (
        <Text size="sm" data-testid="blank-lines">
          Never sent: {plural(blankLines.length, { one: 'blank value', other: 'blank values' })}, on {pluralWord(blankLines.length, lines)}{' '}
          {blankLines.slice(0, shownBlankLines).join(', ')}
          {blankLines.length > shownBlankLines ? ` and ${formatCount(blankLines.length - shownBlankLines)} more` : ''}.
        </Text>
      )}
      {invalid.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Never sent: {plural(invalid.length, { one: 'invalid ID', other: 'invalid IDs' })}
          </Text>
          <ScrollArea.Autosize mah={160} type="auto">
            <Table layout="fixed" verticalSpacing={2} fz="xs" aria-label="Invalid IDs" withRowBorders={false}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={60}>Line</Table.Th>
                  <Table.Th w="35%">Value</Table.Th>
                  <Table.Th>Why</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invalid.slice(0, shownInvalid).map((entry, index) => (
                  // Line and value together can repeat; the list is fixed for this render.
                  <Table.Tr key={index}>
                    <Table.Td>{entry.line}</Table.Td>
                    <Table.Td>
                      <Text size="xs" ff="monospace" truncate="end" title={entry.value}>
                        {entry.value}
                      </Text>
                    </Table.Td>
                    <Table.Td>{entry.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          {invalid.length > shownInvalid && (
            <Text size="xs" c="dimmed">
              and {formatCount(invalid.length - shownInvalid)} more
            </Text>
          )}
        </Stack>
      )}
      {notSent > 0 && (
        <Group>
          <CopyButton value={notSentAsText(parsed)}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" color={copied ? 'teal' : 'gray'} onClick={copy}>
                {copied ? 'Copied' : `Copy the ${plural(notSent, lines)} not sent`}
              </Button>
            )}
          </CopyButton>
          <Text size="xs" c="dimmed">
            Line, value and reason, tab-separated: paste into a spreadsheet to follow them up.
          </Text>
        </Group>
      )}
    </Stack>
  )
}
