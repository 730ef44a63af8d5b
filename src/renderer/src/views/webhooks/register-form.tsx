import { useState } from 'react'
import { Alert, Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { checkEndpointUrl } from '../../../../shared/webhook-url'
import { notifyIfAway } from '../../shell/notify-away'
import { selectActiveEnvironment, selectActiveLabel, useConnection } from '../../stores/connection-store'
import { useWebhooks } from '../../stores/webhooks-store'
import { EventNamesPreview } from './event-names-preview'
import { ProductionConfirmModal } from './production-confirm-modal'

export function RegisterForm() {
  const environment = useConnection(selectActiveEnvironment)
  const environmentLabel = useConnection(selectActiveLabel)
  const { registering, registerError, register } = useWebhooks(
    useShallow((s) => ({ registering: s.registering, registerError: s.registerError, register: s.register })),
  )
  const [url, setUrl] = useState('')
  const [connect, setConnect] = useState(false)
  const [urlError, setUrlError] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const production = environment === 'production'

  async function submit(confirmedProduction: boolean): Promise<void> {
    const checked = checkEndpointUrl(url)
    if (!checked.ok) {
      setUrlError(checked.message)
      return
    }
    if (production && !confirmedProduction) {
      setConfirming(true)
      return
    }
    const outcome = await register({ url: checked.url, connect, confirmedProduction })
    setConfirming(outcome.kind === 'confirm')
    if (outcome.kind === 'failed' && outcome.error.code === 'invalid-url') setUrlError(outcome.error.message)
    if (outcome.kind === 'registered') {
      setUrl('')
      setConnect(false)
      notifyIfAway('webhooks', { title: 'Webhook endpoint registered', message: `${checked.url}: its secret is in the keychain.`, color: 'teal' })
    } else if (outcome.kind === 'failed') {
      notifyIfAway('webhooks', { title: 'Registering the webhook failed', message: outcome.error.message, color: 'red' })
    }
  }

  const otherError = registerError && registerError.code !== 'invalid-url' ? registerError : null
  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void submit(false)
        }}
        noValidate
      >
        <Stack gap="sm">
          <Title order={4}>Register an endpoint in {environmentLabel}</Title>
          {production && (
            <Alert color="red" variant="light" title="Production">
              The live service will send real customers&apos; payment events to this URL. You will be asked to confirm.
            </Alert>
          )}
          <TextInput
            label="Endpoint URL"
            description="The https address of your server that receives the events (plain http only for localhost)."
            placeholder="https://hooks.example.com/payments"
            value={url}
            onChange={(event) => {
              setUrl(event.currentTarget.value)
              setUrlError(null)
            }}
            error={urlError}
            autoComplete="off"
            spellCheck={false}
          />
          <Switch
            label="This is a Connect (marketplace) account"
            checked={connect}
            onChange={(event) => {
              setConnect(event.currentTarget.checked)
            }}
          />
          <EventNamesPreview connect={connect} />
          {environment !== 'local' && (
            <Text size="xs" c="dimmed">
              The documented API takes only the URL: the account type decides the event names, and this switch is recorded here for your reference.
            </Text>
          )}
          {otherError && (
            <Alert color="red" variant="light" title="The endpoint was not registered">
              {otherError.message}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={registering} color={production ? 'red' : undefined}>
              Register endpoint
            </Button>
          </Group>
        </Stack>
      </form>
      <ProductionConfirmModal
        opened={confirming}
        url={url.trim()}
        busy={registering}
        onCancel={() => {
          setConfirming(false)
        }}
        onConfirm={() => {
          void submit(true)
        }}
      />
    </Paper>
  )
}
