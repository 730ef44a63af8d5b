import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core'
import type { EnvironmentView } from '../../stores/connection-store'
import { environmentStatus } from './environment-status'

/** Switching to production is deliberate: say what changes before it does. */
export function ProductionConfirmModal(props: {
  opened: boolean
  production: EnvironmentView | undefined
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  const status = props.production ? environmentStatus(props.production) : null
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title="Switch to Production?" centered>
      <Stack gap="sm">
        <Text size="sm">Production is the live service. After switching:</Text>
        <List size="sm" spacing={4}>
          <List.Item>lookups show real customers&apos; payments;</List.Item>
          <List.Item>checkouts and webhook endpoints you create are real;</List.Item>
          <List.Item>every such write asks you to confirm it first;</List.Item>
          <List.Item>the header shows a red Production badge on every screen.</List.Item>
        </List>
        {status && !status.ready ? (
          <Alert color="yellow" title="Production is not set up yet">
            {status.text} Add it in the Production tab below; until then every call there fails.
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} data-autofocus>
            Stay where I am
          </Button>
          <Button color="red" onClick={props.onConfirm} loading={props.busy}>
            Switch to Production
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
