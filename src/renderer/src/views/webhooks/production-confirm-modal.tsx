import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core'

interface Props {
  opened: boolean
  url: string
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** Writes in Production affect real customers: the main process refuses them unless confirmed here. */
export function ProductionConfirmModal({ opened, url, busy, onConfirm, onCancel }: Props) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Register this endpoint in Production?" centered>
      <Stack gap="sm">
        <Text size="sm">
          The live service will send events about real customers&apos; payments to:
        </Text>
        <Code block>{url}</Code>
        <Text size="sm">
          The service returns the endpoint&apos;s signing secret once; the app puts it straight into this computer&apos;s keychain.
        </Text>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy} data-autofocus>
            Register in Production
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
