import { useState } from 'react'
import { Button, Group, PasswordInput, Stack } from '@mantine/core'
import { checkApiKey, productionKeyPrefix } from '../../../../shared/api-key'
import type { AppErrorShape } from '../../../../shared/app-error'
import { ErrorAlert } from '../../components/error-alert'
import { toErrorShape } from '../../stores/error-shape'
import { useConnection, type EnvironmentView, type RemoteEnvironment } from '../../stores/connection-store'
import { notifySaved } from './notify-saved'

/**
 * The shape check for instant feedback while the key is typed or pasted. A production key
 * still being typed (a prefix of "service_prod_") is not called wrong yet.
 */
function liveProblem(value: string, environment: RemoteEnvironment): string | null {
  if (value === '') return null
  if (environment === 'production' && productionKeyPrefix.startsWith(value)) return null
  const checked = checkApiKey(value, environment)
  return checked.ok ? null : checked.message
}

/**
 * A masked field for the private key. The key lives in this component's state only while it
 * is typed: the field is emptied the moment the key is handed to the main process, whatever
 * the answer, and it is never shown again. No store holds it.
 */
export function KeyEntryForm(props: {
  env: EnvironmentView & { id: RemoteEnvironment }
  replacing: boolean
  /** Focus the field when it appears: it replaces the control that had the focus. Replacing always does. */
  takeFocus?: boolean
  onDone: () => void
}) {
  const setKey = useConnection((s) => s.setKey)
  const [value, setValue] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [failure, setFailure] = useState<AppErrorShape | null>(null)
  const [busy, setBusy] = useState(false)

  const checked = checkApiKey(value, props.env.id)
  // After a save attempt the full check speaks; before it, only what is already certain.
  const problem = submitted ? (checked.ok ? null : checked.message) : liveProblem(value, props.env.id)

  async function save() {
    setSubmitted(true)
    if (!checked.ok) return
    // The main process binds the key to the base URL set now, and refuses it without one.
    if (props.env.baseUrl === null) {
      setRefusal(`Save the base URL of ${props.env.label} first: the key is kept for that address and sent nowhere else.`)
      return
    }
    const key = checked.key
    setValue('')
    setSubmitted(false)
    setBusy(true)
    setFailure(null)
    try {
      await setKey(props.env.id, key)
      notifySaved('Key saved', `The ${props.env.label} key is in the system keychain.`)
      props.onDone()
    } catch (caught) {
      const error = toErrorShape(caught)
      if (error.code === 'invalid-key') setRefusal(error.message)
      else setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <Stack gap="sm">
        <PasswordInput
          label={props.replacing ? 'New private key' : 'Private key'}
          description={
            props.env.id === 'production'
              ? `The private key from the merchant dashboard: it starts with ${productionKeyPrefix}. Not the public key (service_pub_...).`
              : 'The private key the service operator gave you for this sandbox. Not a public key (service_pub_...).'
          }
          placeholder={props.env.id === 'production' ? `${productionKeyPrefix}...` : 'Paste the key'}
          value={value}
          onChange={(event) => {
            const next = event.currentTarget.value
            setValue(next)
            setRefusal(null)
            // An emptied field starts over: no "paste the key" scolding until the next save.
            if (next === '') setSubmitted(false)
          }}
          error={refusal ?? problem}
          autoComplete="off"
          spellCheck={false}
          autoFocus={props.replacing || props.takeFocus === true}
        />
        {failure ? <ErrorAlert error={failure} title="The key was not saved" /> : null}
        <Group gap="sm">
          <Button type="submit" loading={busy}>
            {props.replacing ? 'Save new key' : 'Save key'}
          </Button>
          {props.replacing ? (
            <Button variant="default" onClick={props.onDone} disabled={busy}>
              Keep the stored key
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  )
}
