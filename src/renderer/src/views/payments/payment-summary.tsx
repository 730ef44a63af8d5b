import { Badge, Button, Code, CopyButton, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { PaymentLookup } from '../../../../shared/contract/payment-schema'
import { environmentLabels, type EnvironmentId } from '../../../../shared/environments'
import { AttemptTime } from './attempt-time'
import { CopyLinkButton } from './copy-link-button'
import { formatClock } from '../../../../shared/format/time'
import { MoneyReading } from '../../components/money-reading'
import { statusColor } from '../../format/status-color'
import { Labelled } from './labelled'

function environmentLabel(id: string): string {
  return id in environmentLabels ? environmentLabels[id as EnvironmentId] : id
}

function NotGiven({ what = "not in the service's answer" }: { what?: string }) {
  return (
    <Text size="sm" c="dimmed">
      {what}
    </Text>
  )
}

/** The payment's status, amount, method and last attempt, as the service sent them. */
export function PaymentSummary({ lookup }: { lookup: PaymentLookup }) {
  const { payment } = lookup
  const attempt = payment.lastDepositAttempt
  const amount = payment.amount ?? attempt?.amount
  return (
    <Paper withBorder p="md" data-testid="payment-summary" component="section" aria-label="Payment">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="wrap" miw={0}>
            <Title order={3} ff="monospace" fz="lg" style={{ wordBreak: 'break-all' }}>
              {lookup.id}
            </Title>
            {payment.status ? (
              <Badge color={statusColor(payment.status)} variant="light" size="lg" data-testid="payment-status">
                {payment.status}
              </Badge>
            ) : (
              <NotGiven what="status not in the service's answer" />
            )}
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

        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" verticalSpacing="md">
          <Labelled label="Amount">
            {amount === undefined ? <NotGiven /> : <MoneyReading amount={amount} currency={payment.currency} testId="amount-formatted" />}
          </Labelled>
          <Labelled label="Method">
            {attempt?.paymentMethod ? <Text>{attempt.paymentMethod}</Text> : <NotGiven what={attempt ? undefined : 'none yet'} />}
          </Labelled>
          <Labelled label="Customer">{payment.customerEmail ? <Text truncate="end">{payment.customerEmail}</Text> : <NotGiven />}</Labelled>
        </SimpleGrid>

        <Labelled label="Last attempt">
          <Stack gap={4} data-testid="last-attempt">
            {attempt ? (
              <>
                {attempt.status && (
                  <Badge color={statusColor(attempt.status)} variant="outline" w="fit-content">
                    {attempt.status}
                  </Badge>
                )}
                {attempt.attemptedAt ? <AttemptTime iso={attempt.attemptedAt} /> : <NotGiven what="no time in the service's answer" />}
              </>
            ) : (
              <Text size="sm">No deposit attempt yet: the service reports no attempt to pay this payment.</Text>
            )}
          </Stack>
        </Labelled>

        {amount !== undefined && (
          <Text size="xs" c="dimmed">
            The service sent the amount as <Code data-testid="amount-raw">{amount}</Code>
            {payment.currency ? (
              <>
                {' '}
                in <Code>{payment.currency}</Code>
              </>
            ) : (
              ', with no currency'
            )}
            {payment.amount === undefined ? ' (the amount of the last attempt)' : ''}. Its documentation does not say what unit amounts are
            in; the local sandbox uses minor units.
          </Text>
        )}
      </Stack>
    </Paper>
  )
}
