import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import type { CheckoutInput } from './form-values'

interface ConfirmProductionModalProps {
  opened: boolean
  environmentLabel: string
  checkout: CheckoutInput | null
  onCancel: () => void
  onConfirm: () => void
}

/** Production writes reach real customers: one deliberate confirmation before each. */
export function ConfirmProductionModal({ opened, environmentLabel, checkout, onCancel, onConfirm }: ConfirmProductionModalProps) {
  const lines = checkout?.products.length ?? 0
  return (
    <Modal opened={opened} onClose={onCancel} title="Create a real payment in Production?" centered>
      <Stack gap="md">
        <Text size="sm">
          This creates a payment in {environmentLabel} for {checkout?.customerEmail ?? 'the customer'}, with {lines}{' '}
          {lines === 1 ? 'product line' : 'product lines'} in {checkout?.currency ?? ''}. The customer can pay it as soon as they
          have the link.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm}>
            Create real payment
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
