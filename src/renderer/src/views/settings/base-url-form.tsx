import { useState } from 'react'
import { checkBaseUrl } from '../../../../shared/environments'
import { InlineFieldForm } from '../../components/inline-field-form'
import { toErrorShape } from '../../stores/error-shape'
import { useConnection, type EnvironmentView, type RemoteEnvironment } from '../../stores/connection-store'
import { notifySaved } from './notify-saved'
import { useLockReason } from '../../shell/policy-access'

/** The service's address for a remote environment, checked here before it is sent. */
export function BaseUrlForm(props: { env: EnvironmentView & { id: RemoteEnvironment } }) {
  const update = useConnection((s) => s.update)
  const saved = props.env.baseUrl ?? ''
  const [value, setValue] = useState(saved)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const locked = useLockReason({ baseUrl: props.env.id })

  async function save() {
    const checked = checkBaseUrl(value)
    if (!checked.ok) {
      setError(checked.message)
      return
    }
    setBusy(true)
    try {
      await update({ baseUrl: { environment: props.env.id, url: checked.url } })
      setValue(checked.url)
      setError(null)
      notifySaved('Base URL saved', `${props.env.label}: ${checked.url}`)
    } catch (caught) {
      setError(toErrorShape(caught).message)
    } finally {
      setBusy(false)
    }
  }

  const unchanged = value.trim() === saved
  return (
    <InlineFieldForm
      label="Base URL"
      description={`${props.env.id === 'production' ? "The address of the service's live API" : 'The address the service operator gave you for the sandbox'}. https:// only (plain http is allowed for localhost).`}
      locked={locked}
      placeholder="https://api.example.com"
      value={value}
      onChange={(next) => {
        setValue(next)
        setError(null)
      }}
      error={error}
      spellCheck={false}
      submitLabel="Save URL"
      onSubmit={() => void save()}
      busy={busy}
      disabled={unchanged}
      variant={saved ? 'default' : 'filled'}
    />
  )
}
