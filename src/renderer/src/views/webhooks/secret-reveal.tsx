import { useState } from 'react'
import { Alert, Button, CopyButton, Group, List, PasswordInput, Stack, Text } from '@mantine/core'
import type { AppErrorShape } from '../../../../shared/app-error'
import type { LocalEndpoint } from '../../../../shared/contract/webhook-schema'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { ErrorAlert } from '../../components/error-alert'
import { call } from '../../api/client'
import { useWebhooks } from '../../stores/webhooks-store'
import { formatLocal } from '../../../../shared/format/time'

/**
 * The secret leaves the keychain once, on an explicit click after a warning; the main
 * process refuses a second reveal. It lives in this component's state alone (never in a
 * store), so closing the panel or leaving the screen unmounts it and forgets it.
 */
export function SecretReveal({ endpoint }: { endpoint: LocalEndpoint }) {
  const [warning, setWarning] = useState(false)
  const [busy, setBusy] = useState(false)
  const [secret, setSecret] = useState<string | null>(null)
  const [error, setError] = useState<AppErrorShape | null>(null)

  async function reveal(): Promise<void> {
    setBusy(true)
    setError(null)
    const answer = await call('revealWebhookSecret', { endpointId: endpoint.id })
    setBusy(false)
    setWarning(false)
    if (answer.ok) setSecret(answer.value.secret)
    else setError(answer.error)
    // Main's keychain knows better than the list (webhooks.json may have been edited): show what it says.
    if (answer.ok || answer.error.code === 'secret-already-revealed') void useWebhooks.getState().load()
  }

  return (
    <Stack gap="xs">
      {secret !== null ? (
        <Stack gap="xs">
          <Alert color="orange" variant="light" title="This is the only time it is shown">
            Copy it into your server&apos;s configuration or a password manager now. Once you hide it or leave this screen, Payments Desk
            will not show it again; the signature checker keeps using it from the keychain.
          </Alert>
          <PasswordInput
            label="Signing secret"
            description="Masked: use the eye to show it, or copy it without showing it."
            value={secret}
            readOnly
            spellCheck={false}
            // Mounted by the dialog's confirm button, which has gone: the focus comes here, to what was revealed.
            autoFocus
          />
          <Group>
            <CopyButton value={secret} timeout={2_000}>
              {({ copied, copy }) => (
                <Button size="xs" color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? 'Copied' : 'Copy secret'}
                </Button>
              )}
            </CopyButton>
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                setSecret(null)
              }}
            >
              I have saved it: hide for good
            </Button>
          </Group>
        </Stack>
      ) : endpoint.revealedAt === null ? (
        <Group>
          <Button
            variant="light"
            color="orange"
            onClick={() => {
              setWarning(true)
            }}
          >
            Reveal secret once…
          </Button>
          <Text size="xs" c="dimmed">
            Not revealed yet. It can be shown once.
          </Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed" data-testid="secret-revealed">
          Revealed {formatLocal(endpoint.revealedAt)}. A secret is shown only once; the signature checker still uses it from the keychain.
          For a secret you can see again, register the endpoint anew.
        </Text>
      )}
      {error && (
        <ErrorAlert error={error} title={error.code === 'secret-already-revealed' ? undefined : 'The secret could not be revealed'} />
      )}
      <ConfirmDialog
        opened={warning}
        title="Reveal the signing secret?"
        cancelLabel="Cancel"
        confirmLabel="Reveal secret"
        confirmColor="orange"
        busy={busy}
        onConfirm={() => void reveal()}
        onCancel={() => {
          setWarning(false)
        }}
      >
        <Text size="sm">Anyone who has this secret can forge deliveries that your server will accept as genuine.</Text>
        <List size="sm" spacing={4}>
          <List.Item>Reveal it only to put it into your server&apos;s configuration or a password manager.</List.Item>
          <List.Item>Make sure nobody can see your screen and screen sharing or recording is off.</List.Item>
          <List.Item>Do not paste it into chat, e-mail or tickets.</List.Item>
        </List>
        <Text size="sm" fw={500}>
          It is shown only this once. After you hide it or leave the Webhooks screen, Payments Desk will not show it again.
        </Text>
      </ConfirmDialog>
    </Stack>
  )
}
