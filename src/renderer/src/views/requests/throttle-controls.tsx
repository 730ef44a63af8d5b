import { Box, Button, Group, NumberInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import type { AppErrorShape } from '../../../../shared/app-error'
import type { SchedulerConfigView } from '../../../../shared/contract/scheduler-schema'
import { ErrorAlert } from '../../components/error-alert'
import { toErrorShape } from '../../stores/error-shape'
import { useRequests } from '../../stores/requests-store'
import { formatRate } from '../../../../shared/format/number'
import { useLockReason } from '../../shell/policy-access'

interface Values {
  ceiling: number | string
  concurrency: number | string
  /** Percent, as the user reads it; the contract carries a fraction. */
  headroom: number | string
}

function inRange(value: number | string, min: number, max: number, message: string): string | null {
  return typeof value === 'number' && value >= min && value <= max ? null : message
}

/**
 * The limits the user sets. Mount it keyed by the config, so a change that lands
 * (here or on the Settings screen) becomes the new starting point.
 */
export function ThrottleControls({ config }: { config: SchedulerConfigView }) {
  const configure = useRequests((s) => s.configure)
  const [error, setError] = useState<AppErrorShape | null>(null)
  const locks = {
    ceiling: useLockReason({ throttle: 'ceiling' }),
    concurrency: useLockReason({ throttle: 'concurrency' }),
    headroom: useLockReason({ throttle: 'headroom' }),
  }
  const form = useForm<Values>({
    initialValues: { ceiling: config.ceiling, concurrency: config.concurrency, headroom: Math.round(config.headroom * 100) },
    validate: {
      ceiling: (value) => inRange(value, 1, 1000, 'The ceiling must be from 1 to 1000 requests per second'),
      concurrency: (value) =>
        typeof value === 'number' && Number.isInteger(value)
          ? inRange(value, 1, 64, 'Concurrency must be from 1 to 64')
          : 'Concurrency must be a whole number from 1 to 64',
      headroom: (value) => inRange(value, 0, 50, 'The headroom must be from 0 to 50 %'),
    },
  })
  const submit = form.onSubmit(async (values) => {
    setError(null)
    const ceiling = Number(values.ceiling)
    const concurrency = Number(values.concurrency)
    const headroom = Number(values.headroom) / 100
    try {
      await configure({ ceiling, concurrency, headroom })
      notifications.show({
        color: 'teal',
        title: 'Throttle updated',
        message: `Ceiling ${formatRate(ceiling)} req/s, at most ${concurrency} at once, ${Math.round(headroom * 100)} % left to colleagues.`,
        autoClose: 4_000,
        closeButtonProps: { 'aria-label': 'Dismiss notification' },
      })
    } catch (caught) {
      setError(toErrorShape(caught))
    }
  })
  return (
    <form onSubmit={submit} aria-label="Throttle limits">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label="Ceiling (req/s)"
          description={locks.ceiling ?? 'Most requests per second'}
          readOnly={locks.ceiling !== null}
          min={1}
          max={1000}
          decimalScale={2}
          step={1}
          clampBehavior="none"
          w={170}
          {...form.getInputProps('ceiling')}
        />
        <NumberInput
          label="Concurrency"
          description={locks.concurrency ?? 'Most requests at once'}
          readOnly={locks.concurrency !== null}
          min={1}
          max={64}
          allowDecimal={false}
          clampBehavior="none"
          w={170}
          {...form.getInputProps('concurrency')}
        />
        <NumberInput
          label="Headroom (%)"
          description={locks.headroom ?? 'Left to colleagues on the key'}
          readOnly={locks.headroom !== null}
          min={0}
          max={50}
          allowDecimal={false}
          clampBehavior="none"
          suffix=" %"
          w={170}
          {...form.getInputProps('headroom')}
        />
        {Object.values(locks).some((lock) => lock === null) ? (
          <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
            Apply
          </Button>
        ) : null}
      </Group>
      {error && (
        <Box mt="sm">
          <ErrorAlert error={error} title="The throttle was not changed" />
        </Box>
      )}
    </form>
  )
}
