import { useState } from 'react'
import { Button, Group, NumberInput, Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import type { AppErrorShape } from '../../../../shared/app-error'
import type { Settings } from '../../../../shared/contract/settings-schema'
import { ErrorAlert } from '../../components/error-alert'
import { toErrorShape } from '../../stores/error-shape'
import { useConnection } from '../../stores/connection-store'
import { notifySaved } from './notify-saved'
import { useLockReason } from '../../shell/policy-access'

type Throttle = Settings['throttle']

function between(min: number, max: number, what: string, integer = false) {
  return (value: number | string) => {
    if (typeof value !== 'number' || Number.isNaN(value)) return `Enter ${what}.`
    if (integer && !Number.isInteger(value)) return 'Enter a whole number.'
    return value < min || value > max ? `Between ${min} and ${max}.` : null
  }
}

/**
 * The scheduler's user-set limits. Remounted (by key) when the saved values change
 * elsewhere, e.g. on the Requests screen.
 */
export function SchedulerDefaults(props: { throttle: Throttle }) {
  const update = useConnection((s) => s.update)
  const [error, setError] = useState<AppErrorShape | null>(null)
  const form = useForm<{ ceiling: number | string; concurrency: number | string }>({
    mode: 'controlled',
    initialValues: props.throttle,
    validate: {
      ceiling: between(1, 1_000, 'the most requests per second'),
      concurrency: between(1, 64, 'how many requests may run at once', true),
    },
  })
  const [busy, setBusy] = useState(false)
  const ceilingLock = useLockReason({ throttle: 'ceiling' })
  const concurrencyLock = useLockReason({ throttle: 'concurrency' })

  async function save(values: typeof form.values) {
    setBusy(true)
    setError(null)
    try {
      await update({ throttle: { ceiling: Number(values.ceiling), concurrency: Number(values.concurrency) } })
      notifySaved('Scheduler defaults saved', 'The scheduler uses them from now on.')
    } catch (caught) {
      setError(toErrorShape(caught))
    } finally {
      setBusy(false)
    }
  }

  const unchanged = Number(form.values.ceiling) === props.throttle.ceiling && Number(form.values.concurrency) === props.throttle.concurrency
  return (
    <form onSubmit={form.onSubmit((values) => void save(values))}>
      <Stack gap="sm">
        <Group align="flex-start" grow>
          <NumberInput
            label="Ceiling (requests per second)"
            description={ceilingLock ?? 'The scheduler never goes faster, whatever it learns.'}
            readOnly={ceilingLock !== null}
            min={1}
            max={1_000}
            decimalScale={1}
            {...form.getInputProps('ceiling')}
          />
          <NumberInput
            label="Concurrency"
            description={concurrencyLock ?? 'Requests in flight at the same time.'}
            readOnly={concurrencyLock !== null}
            min={1}
            max={64}
            allowDecimal={false}
            {...form.getInputProps('concurrency')}
          />
        </Group>
        {error ? <ErrorAlert error={error} title="Not saved" /> : null}
        {ceilingLock === null || concurrencyLock === null ? (
          <Group>
            <Button type="submit" loading={busy} disabled={unchanged}>
              Save scheduler defaults
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  )
}
