import { Accordion, Badge, Code, Group, Stack, Text } from '@mantine/core'
import type { PaymentLookup } from '../../../../shared/contract/payment-schema'
import type { DeclineExplanation, Fixer } from '../../../../shared/decline-codes'
import { statusColor } from '../../format/status-color'
import { AttemptTime } from './attempt-time'
import { Labelled } from './labelled'
import { summaryAmount } from './payment-summary'

const fixerLabels: Record<Fixer, string> = {
  customer: 'the customer',
  'issuing-bank': "the customer's bank",
  merchant: 'your team, with the payment service',
}

function whoCanFix(fixers: readonly Fixer[]): string {
  const text = fixers.map((fixer) => fixerLabels[fixer]).join(' or ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function NotGiven({ what = "not in the service's answer" }: { what?: string }) {
  return (
    <Text size="sm" c="dimmed">
      {what}
    </Text>
  )
}

function WhyItFailed({ explanation }: { explanation: DeclineExplanation }) {
  return (
    <Stack gap="sm">
      <Labelled label="What it means">
        <Text data-testid="decline-meaning">{explanation.meaning}</Text>
      </Labelled>
      <Group gap="xl" align="flex-start" wrap="wrap">
        <Labelled label="Who can fix it">
          <Text data-testid="who-can-fix">{whoCanFix(explanation.fixedBy)}</Text>
        </Labelled>
        <Labelled label="Can the customer retry?">
          <Text maw={420}>{explanation.retryHint}</Text>
        </Labelled>
      </Group>
    </Stack>
  )
}

function LastAttempt({ lookup }: { lookup: PaymentLookup }) {
  const { payment } = lookup
  const attempt = payment.lastDepositAttempt
  const amount = summaryAmount(lookup)
  return (
    <Stack gap="sm">
      <Group gap="xl" align="flex-start" wrap="wrap">
        <Labelled label="Last attempt">
          <Stack gap={4} data-testid="last-attempt">
            {attempt ? (
              <>
                {attempt.status && (
                  <Badge color={statusColor(attempt.status)} variant="outline" tt="none" w="fit-content">
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
        <Labelled label="Method">
          {attempt?.paymentMethod ? <Text>{attempt.paymentMethod}</Text> : <NotGiven what={attempt ? undefined : 'none yet'} />}
        </Labelled>
      </Group>
      {amount !== undefined && (
        <Text size="xs" c="dimmed" data-testid="units-note">
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
          in; the local sandbox uses minor units, and the amount above is read that way.
        </Text>
      )}
    </Stack>
  )
}

/** What an agent seldom needs first, folded under the summary: why in full, when, and the amount as sent. */
export function PaymentDetails({ lookup, explanation }: { lookup: PaymentLookup; explanation: DeclineExplanation | null }) {
  return (
    // A payment that did not fail has nothing above to read first: its last attempt is open from the start.
    <Accordion variant="contained" multiple order={4} defaultValue={explanation ? [] : ['attempt']} data-testid="payment-details">
      {explanation && (
        <Accordion.Item value="why">
          <Accordion.Control>What it means, who can fix it, retrying</Accordion.Control>
          <Accordion.Panel>
            <WhyItFailed explanation={explanation} />
          </Accordion.Panel>
        </Accordion.Item>
      )}
      <Accordion.Item value="attempt">
        <Accordion.Control>Last attempt: when, method, amount as sent</Accordion.Control>
        <Accordion.Panel>
          <LastAttempt lookup={lookup} />
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  )
}
