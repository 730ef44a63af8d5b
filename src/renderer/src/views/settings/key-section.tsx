import { useState } from 'react'
import { Alert, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import type { AppErrorShape } from '../../../../shared/app-error'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { ErrorAlert } from '../../components/error-alert'
import { toErrorShape } from '../../stores/error-shape'
import { selectActiveEnvironment, useConnection, type EnvironmentView, type RemoteEnvironment } from '../../stores/connection-store'
import { KeyEntryForm } from './key-entry-form'
import { notifySaved } from './notify-saved'

/** Whether a key is stored, never what it is: enter one, replace it, or delete it. */
export function KeySection(props: { env: EnvironmentView & { id: RemoteEnvironment } }) {
  const deleteKey = useConnection((s) => s.deleteKey)
  const active = useConnection(selectActiveEnvironment) === props.env.id
  const [replacing, setReplacing] = useState(false)
  const [deleting, deletion] = useDisclosure(false)
  const [busy, setBusy] = useState(false)
  // A deletion puts the form in place of the button that opened the dialog: the focus goes to its field.
  const [focusForm, setFocusForm] = useState(false)
  const [error, setError] = useState<AppErrorShape | null>(null)

  async function remove() {
    setBusy(true)
    setError(null)
    setFocusForm(true)
    try {
      await deleteKey(props.env.id)
      deletion.close()
      setReplacing(false)
      notifySaved('Key deleted', `The ${props.env.label} key was removed from the system keychain.`)
    } catch (caught) {
      setFocusForm(false)
      setError(toErrorShape(caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Stack gap="sm" data-testid={`key-section-${props.env.id}`}>
      {props.env.hasKey && !replacing ? (
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon color="teal" variant="light" radius="xl" aria-hidden>
              ✓
            </ThemeIcon>
            <Text size="sm" fw={500}>
              A key is stored in the system keychain
            </Text>
          </Group>
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => {
                setReplacing(true)
              }}
            >
              Replace key
            </Button>
            <Button
              variant="light"
              color="red"
              onClick={() => {
                setError(null)
                deletion.open()
              }}
            >
              Delete key
            </Button>
          </Group>
        </Group>
      ) : (
        <KeyEntryForm
          env={props.env}
          replacing={props.env.hasKey}
          takeFocus={focusForm}
          onDone={() => {
            setReplacing(false)
          }}
        />
      )}
      <ConfirmDialog
        opened={deleting}
        title={`Delete the ${props.env.label} key?`}
        cancelLabel="Keep the key"
        confirmLabel="Delete key"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={deletion.close}
      >
        <Text size="sm">
          The key is removed from the system keychain. Payments Desk cannot reach {props.env.label} again until you enter a key; keep a copy
          in the merchant dashboard if you will need it.
        </Text>
        {active ? (
          <Alert color="yellow">{props.env.label} is the active environment: lookups and other calls fail until a new key is saved.</Alert>
        ) : null}
        {error ? <ErrorAlert error={error} title="The key was not deleted" /> : null}
      </ConfirmDialog>
    </Stack>
  )
}
