import { useId } from 'react'
import { Badge, Button, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { PaymentLookup } from '../../../../shared/contract/payment-schema'
import { environmentLabels, type EnvironmentId } from '../../../../shared/environments'
import { formatMoney } from '../../../../shared/format/money'
import { formatClock } from '../../../../shared/format/time'
import { statusColor } from '../../format/status-color'
import { CopyLinkButton } from './copy-link-button'

function environmentLabel(id: string): string {
  return id in environmentLabels ? environmentLabels[id as EnvironmentId] : id
}

/** The amount the summary line reads: the payment's, else its last attempt's. */
export function summaryAmount(lookup: PaymentLookup): number | undefined {
  return lookup.payment.amount ?? lookup.payment.lastDepositAttempt?.amount
}

/**
 * One line an agent reads first: which payment (ID), how much, its status and whose. Where it
 * came from and when is small print beside it; the rest is in the details below.
 */
export function PaymentSummary({ lookup }: { lookup: PaymentLookup }) {
  const { payment } = lookup
  const amount = summaryAmount(lookup)
  const idHeading = useId()
  return (
    <Paper withBorder px="md" py="sm" data-testid="payment-summary" component="section" aria-labelledby={idHeading}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap" miw={0}>
            <Title order={3} ff="monospace" fz="lg" style={{ wordBreak: 'break-all' }} id={idHeading} data-testid="payment-id">
              {lookup.id}
            </Title>
            <CopyButton value={lookup.id}>
              {({ copied, copy }) => (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label={copied ? 'Copied' : 'Copy ID of this payment'}
                >
                  {copied ? 'Copied' : 'Copy ID'}
                </Button>
              )}
            </CopyButton>
            <CopyLinkButton id={lookup.id} account={lookup.account.name} />
          </Group>
          <Text size="xs" c="dimmed">
            {environmentLabel(lookup.environment)} · <span data-testid="payment-account">{lookup.account.name}</span> · fetched{' '}
            {formatClock(lookup.fetchedAt)}
          </Text>
        </Group>
        <Group gap="md" wrap="wrap" data-testid="summary-line">
          <Text fw={600} data-testid="amount-formatted">
            {amount === undefined ? 'no amount' : formatMoney(amount, payment.currency)}
          </Text>
          {payment.status ? (
            <Badge color={statusColor(payment.status)} variant="light" size="lg" tt="none" data-testid="payment-status">
              {payment.status}
            </Badge>
          ) : (
            <Text size="sm" c="dimmed">
              no status in the answer
            </Text>
          )}
          <Text truncate="end" maw="100%" data-testid="payment-customer">
            {payment.customerEmail ?? (
              <Text span size="sm" c="dimmed">
                no customer in the answer
              </Text>
            )}
          </Text>
        </Group>
      </Stack>
    </Paper>
  )
}
