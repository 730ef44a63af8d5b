import { Stack, Table, Text } from '@mantine/core'
import { useMemo } from 'react'
import { failedTotals, type FailedAmount } from '../../../../shared/batch/failed-totals'
import type { BatchResult } from '../../../../shared/contract/batch-schema'
import { minorUnitsAssumption } from '../../../../shared/format/money'
import { formatCount } from '../../../../shared/format/number'
import { plural } from '../../../../shared/format/plural'
import { amountText, noCurrencyLabel } from './amount-text'

function Side({ side, currency }: { side: FailedAmount; currency: string | null }) {
  if (side.payments === 0) return <Text size="sm">None</Text>
  const amount = amountText({ amount: side.amount, currency })
  const missing = side.withoutAmount > 0 ? `, ${formatCount(side.withoutAmount)} without an amount` : ''
  return (
    <>
      <Text size="sm" fw={600} title={amount?.title}>
        {side.payments === side.withoutAmount ? 'No amount given' : amount?.text}
      </Text>
      <Text size="xs" c="dimmed">
        {plural(side.payments, { one: 'payment', other: 'payments' })}
        {missing}
      </Text>
    </>
  )
}

/**
 * How much failed, per currency (never added across currencies), and how much of it the customer
 * can retry: yes and later count as can, no and depends as cannot. A payment with no currency is
 * its own row with the amount as the service sent it.
 */
export function FailedAmounts({ results }: { results: BatchResult[] }) {
  const totals = useMemo(() => failedTotals(results), [results])
  return (
    <Stack gap={4}>
      <Table captionSide="top" data-testid="failed-amounts" tabularNums>
        <Table.Caption>Failed amounts by currency</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Currency</Table.Th>
            <Table.Th scope="col">Customer can retry</Table.Th>
            <Table.Th scope="col">Customer cannot retry</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {totals.map((total) => (
            <Table.Tr key={total.currency ?? ''} data-currency={total.currency ?? ''}>
              <Table.Th scope="row" fw={600}>
                {total.currency ?? noCurrencyLabel}
              </Table.Th>
              <Table.Td data-side="can">
                <Side side={total.canRetry} currency={total.currency} />
              </Table.Td>
              <Table.Td data-side="cannot">
                <Side side={total.cannotRetry} currency={total.currency} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        Amounts {minorUnitsAssumption}, as the service sent them. &quot;Can retry&quot; counts the declines the catalogue answers yes or
        later; &quot;cannot&quot; those it answers no or depends (nothing says a retry will work).
      </Text>
    </Stack>
  )
}
