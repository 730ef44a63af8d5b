import { Button, Code, Modal, Stack, Table, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { BatchResult } from '../../../../shared/contract/batch-schema'
import { explainDecline } from '../../../../shared/decline-codes'
import { readTime } from '../../../../shared/format/time'
import { useNavigation } from '../../stores/navigation-store'
import { usePayments } from '../../stores/payments-store'
import { amountText, noCurrencyLabel } from './amount-text'
import { failureWords, statusLabel } from './result-filters'

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w="9rem" fw={600}>
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  )
}

/** Everything a result holds, the columns the table folds away included, and the way on to the Payments screen. */
export function ResultDetail({ result, onClose }: { result: BatchResult | null; onClose: () => void }) {
  const decline = result?.errorCode ? explainDecline(result.errorCode) : null
  const attempted = result?.attemptedAt ? readTime(result.attemptedAt) : null
  const amount = result ? amountText(result) : null
  return (
    <Modal
      opened={result !== null}
      onClose={onClose}
      title={result ? `Payment ${result.id}` : ''}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close the detail' }}
    >
      {result && (
        <Stack gap="md" data-testid="result-detail">
          <Table verticalSpacing={4} aria-label={`Detail of ${result.id}`}>
            <Table.Tbody>
              <Line label="Status">{statusLabel(result)}</Line>
              <Line label="Failure">{failureWords(result) ?? 'None'}</Line>
              {decline && (
                <>
                  <Line label="Error code">
                    <Code>{result.errorCode}</Code>
                  </Line>
                  <Line label="What it means">{decline.meaning}</Line>
                  <Line label="Customer can retry">
                    {decline.retryable}: {decline.retryHint}
                  </Line>
                </>
              )}
              {result.failure && <Line label="Lookup error">{result.failure.message}</Line>}
              <Line label="Amount">{amount ? amount.title : 'Not given'}</Line>
              {amount && <Line label="Reads as">{amount.text}</Line>}
              <Line label="Currency">{result.currency ?? noCurrencyLabel}</Line>
              <Line label="Payment method">{result.paymentMethod ?? 'Not given'}</Line>
              <Line label="Attempted at">{attempted ? `${attempted.local} (${attempted.utc})` : 'No attempt'}</Line>
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            The Payments screen looks the payment up again and shows what to tell the customer.
          </Text>
          <Button
            w="fit-content"
            onClick={() => {
              onClose()
              useNavigation.getState().go('payments')
              void usePayments.getState().open(result.id)
            }}
          >
            Open on the Payments screen
          </Button>
        </Stack>
      )}
    </Modal>
  )
}
