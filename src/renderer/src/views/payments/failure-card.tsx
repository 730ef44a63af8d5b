import { Alert, Badge, Code, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { DeclineExplanation, Fixer, Retryable } from '../../../../shared/decline-codes'
import { CustomerMessage } from './customer-message'
import { Labelled } from './labelled'

const fixerLabels: Record<Fixer, string> = {
  customer: 'the customer',
  'issuing-bank': "the customer's bank",
  merchant: 'your team, with the payment service',
}

function whoCanFix(fixers: readonly Fixer[]): string {
  const text = fixers.map((fixer) => fixerLabels[fixer]).join(' or ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

const retryBadges: Record<Retryable, { label: string; color: string }> = {
  yes: { label: 'Retry: yes', color: 'teal' },
  no: { label: 'Retry: no', color: 'red' },
  depends: { label: 'Retry: depends', color: 'yellow' },
  later: { label: 'Retry: later', color: 'blue' },
}

/** Why the last deposit attempt failed, who can fix it, and what to say to the customer. */
export function FailureCard({ explanation }: { explanation: DeclineExplanation }) {
  const retry = retryBadges[explanation.retryable]
  return (
    <Paper
      withBorder
      p="md"
      bd="1px solid var(--mantine-color-red-outline)"
      data-testid="failure-card"
      aria-label="Why the payment failed"
      component="section"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={4}>
            <Text size="xs" tt="uppercase" fw={700} c="red">
              Last attempt failed
            </Text>
            <Title order={3}>{explanation.title}</Title>
          </Stack>
          <Group gap="xs">
            <Code fz="sm" data-testid="decline-code">
              {explanation.code || 'no code'}
            </Code>
            <Badge color={retry.color} size="lg" variant="filled" data-testid="retryable-badge">
              {retry.label}
            </Badge>
          </Group>
        </Group>

        {!explanation.known && (
          <Alert color="yellow" variant="light" title="Not a documented decline code">
            {explanation.code === ''
              ? 'The service marked the attempt as failed without a code.'
              : 'The service sent a code that is not in its documented list, so the advice below is general.'}
          </Alert>
        )}

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

        <Labelled label="Tell the customer">
          <CustomerMessage texts={explanation.customerMessages} />
        </Labelled>

        <Labelled label="Your next step">
          <Text data-testid="agent-next-step">{explanation.agentNextStep}</Text>
        </Labelled>
      </Stack>
    </Paper>
  )
}
