import { useState } from 'react'
import { Alert, Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { checkEndpointUrl } from '../../../../shared/webhook-url'
import { ErrorAlert } from '../../components/error-alert'
import { notifyIfAway } from '../../shell/notify-away'
import { selectActiveEnvironment, selectActiveLabel, useConnection } from '../../stores/connection-store'
import { useWebhooks } from '../../stores/webhooks-store'
import { EventNamesPreview } from './event-names-preview'
import { TypedEnvironmentName, typedNameMatches, useTypedNameRequired } from '../../components/typed-environment-name'

export function RegisterForm() {
  const environment = useConnection(selectActiveEnvironment)
  const environmentLabel = useConnection(selectActiveLabel)
  const { registering, registerError, register } = useWebhooks(
    useShallow((s) => ({ registering: s.registering, registerError: s.registerError, register: s.register })),
  )
  const [url, setUrl] = useState('')
  const [connect, setConnect] = useState(false)
  const [urlError, setUrlError] = useState<string | null>(null)
  const production = environment === 'production'
  const nameRequired = useTypedNameRequired()
  const [typedName, setTypedName] = useState('')

  // In Production the main process asks in a dialog of its own before sending: nothing here can answer it.
  async function submit(): Promise<void> {
    const checked = checkEndpointUrl(url)
    if (!checked.ok) {
      setUrlError(checked.message)
      return
    }
    const outcome = await register({ url: checked.url, connect, ...(nameRequired ? { typedEnvironmentName: typedName } : {}) })
    if (outcome.kind === 'failed' && outcome.error.code === 'invalid-url') setUrlError(outcome.error.message)
    if (outcome.kind === 'registered') {
      setUrl('')
      setConnect(false)
      setTypedName('')
      notifyIfAway('webhooks', {
        title: 'Webhook endpoint registered',
        message: `${checked.url}: its secret is in the keychain.`,
        color: 'teal',
      })
    } else if (outcome.error.code !== 'confirmation-declined') {
      notifyIfAway('webhooks', { title: 'Registering the webhook failed', message: outcome.error.message, color: 'red' })
    }
  }

  const otherError = registerError && registerError.code !== 'invalid-url' ? registerError : null
  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
        noValidate
      >
        <Stack gap="sm">
          <Title order={3} size="h4">
            Register an endpoint in {environmentLabel}
          </Title>
          {production && (
            <Alert color="red" variant="light" title="Production">
              The live service will send real customers&apos; payment events to this URL. Payments Desk asks you to confirm in a separate
              dialog before it sends anything.
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
              The documented API takes only the URL: the account type decides the event names, and this switch is recorded here for your
              reference.
            </Text>
          )}
          {otherError && <ErrorAlert error={otherError} title="The endpoint was not registered" />}
          {nameRequired ? <TypedEnvironmentName value={typedName} onChange={setTypedName} disabled={registering} /> : null}
          <Group>
            <Button
              type="submit"
              loading={registering}
              disabled={nameRequired && !typedNameMatches(typedName)}
              color={production ? 'red' : undefined}
            >
              Register endpoint
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}
