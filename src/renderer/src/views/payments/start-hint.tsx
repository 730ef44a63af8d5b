import { Button, EmptyState, Group, Kbd, Text } from '@mantine/core'
import { selectActiveEnvironment, useConnection } from '../../stores/connection-store'
import { usePayments } from '../../stores/payments-store'
import { modKeyLabel } from '../../format/mod-key'

// Seed payments the local sandbox always has (src/sandbox/seed.ts), for a first look.
const sandboxExamples = ['pay_seed_card_declined', 'pay_seed_settled_1', 'pay_seed_pending_1']

/** Before the first lookup: what to do, and on the local sandbox some IDs to try. */
export function StartHint() {
  const local = useConnection((s) => selectActiveEnvironment(s) === 'local')
  return (
    <EmptyState py="xl" data-testid="payments-empty">
      <EmptyState.Title order={3}>Look up a payment</EmptyState.Title>
      <EmptyState.Description>
        Paste the payment ID the customer or the dashboard gave you and press Enter. A dashboard link or a sentence from a ticket works too:
        the ID is taken out of it.
      </EmptyState.Description>
      <EmptyState.Description>
        <Kbd size="xs">{modKeyLabel()}</Kbd> + <Kbd size="xs">K</Kbd> brings you here from any screen.
      </EmptyState.Description>
      {local && (
        <EmptyState.Actions>
          <Text size="sm" c="dimmed">
            On the local sandbox, try:
          </Text>
          <Group gap="xs" justify="center">
            {sandboxExamples.map((id) => (
              <Button
                key={id}
                size="compact-sm"
                variant="light"
                ff="monospace"
                fw={400}
                onClick={() => {
                  void usePayments.getState().open(id)
                }}
              >
                {id}
              </Button>
            ))}
          </Group>
        </EmptyState.Actions>
      )}
    </EmptyState>
  )
}
