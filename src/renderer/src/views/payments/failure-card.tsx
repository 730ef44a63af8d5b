import { useId } from 'react'
import { Alert, Badge, Code, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { DeclineExplanation, Retryable } from '../../../../shared/decline-codes'
import { CustomerMessage } from './customer-message'
import { Labelled } from './labelled'

const retryBadges: Record<Retryable, { label: string; color: string }> = {
  yes: { label: 'Retry: yes', color: 'teal' },
  no: { label: 'Retry: no', color: 'red' },
  depends: { label: 'Retry: depends', color: 'yellow' },
  later: { label: 'Retry: later', color: 'blue' },
}

/** Why the last deposit attempt failed, what to say to the customer and what to do: the first things an agent reads. */
export function FailureCard({ explanation }: { explanation: DeclineExplanation }) {
  const retry = retryBadges[explanation.retryable]
  const titleId = useId()
  return (
    <Paper
      withBorder
      px="md"
      py="sm"
      bd="1px solid var(--mantine-color-red-outline)"
      data-testid="failure-card"
      aria-labelledby={titleId}
      component="section"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Title order={3} id={titleId}>
            {explanation.title}
          </Title>
          <Group gap="xs">
            <Code fz="sm" data-testid="decline-code">
              {explanation.code || 'no code'}
            </Code>
            <Badge color={retry.color} size="lg" variant="filled" tt="none" data-testid="retryable-badge">
              {retry.label}
            </Badge>
          </Group>
        </Group>

        {!explanation.known && (
          <Alert color="yellow" variant="light" p="xs" title="Not a documented decline code">
            {explanation.code === ''
              ? 'The service marked the attempt as failed without a code.'
              : 'The service sent a code that is not in its documented list, so the advice below is general.'}
          </Alert>
        )}

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
