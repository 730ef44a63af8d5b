import { Button, SimpleGrid, Table } from '@mantine/core'
import { useState } from 'react'
import { formatCount } from '../../../../shared/format/number'
import type { CodeCount, RetryableCount } from './failure-breakdown'

function CountTable(props: { caption: string; heading: string; rows: { key: string; label: string; count: number }[]; testId: string }) {
  return (
    <Table captionSide="top" data-testid={props.testId}>
      <Table.Caption>{props.caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{props.heading}</Table.Th>
          <Table.Th scope="col" ta="right">
            Failed payments
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Th scope="row" fw={400}>
              {row.label}
            </Table.Th>
            <Table.Td ta="right">{formatCount(row.count)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

/** The charts' numbers as tables, for screen readers, magnifiers and anyone who would rather read than compare bars. */
export function FailureTables(props: { byCode: CodeCount[]; byRetryable: RetryableCount[] }) {
  const [shown, setShown] = useState(false)
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        w="fit-content"
        aria-expanded={shown}
        onClick={() => {
          setShown((value) => !value)
        }}
      >
        {shown ? 'Hide the tables' : 'Show the charts as tables'}
      </Button>
      {shown && (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
          <CountTable
            caption="Failed payments by error code"
            heading="Error code"
            rows={props.byCode.map((entry) => ({ key: entry.code, label: `${entry.label} (${entry.code})`, count: entry.count }))}
            testId="table-by-code"
          />
          <CountTable
            caption="Failed payments by retryable class"
            heading="Retryable"
            rows={props.byRetryable.map((entry) => ({ key: entry.retryable, label: entry.label, count: entry.count }))}
            testId="table-by-retryable"
          />
        </SimpleGrid>
      )}
    </>
  )
}
