import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import type { AppErrorShape } from '../../../../shared/app-error'

export function DeleteKeyModal(props: {
  opened: boolean
  label: string
  active: boolean
  busy: boolean
  error: AppErrorShape | null
  onConfirm: () => void
  onCancel: () => void
}) {
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={`Delete the ${props.label} key?`} centered>
      <Stack gap="sm">
        <Text size="sm">
          The key is removed from the system keychain. Payments Desk cannot reach {props.label} again until you enter a key; keep a
          copy in the merchant dashboard if you will need it.
        </Text>
        {props.active ? (
          <Alert color="yellow">{props.label} is the active environment: lookups and other calls fail until a new key is saved.</Alert>
        ) : null}
        {props.error ? (
          <Alert color="red" title="The key was not deleted">
            {props.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} data-autofocus>
            Keep the key
          </Button>
          <Button color="red" onClick={props.onConfirm} loading={props.busy}>
            Delete key
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
