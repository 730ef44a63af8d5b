import { useState } from 'react'
import { SegmentedControl, Stack } from '@mantine/core'
import type { AppErrorShape } from '../../../../shared/app-error'
import type { Theme } from '../../../../shared/contract/settings-schema'
import { ErrorAlert } from '../../components/error-alert'
import { toErrorShape } from '../../stores/error-shape'
import { useConnection } from '../../stores/connection-store'

const options: { value: Theme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'Same as the system' },
]

/** Saved with the settings; the shell's ThemeSync applies it. */
export function ThemePicker(props: { theme: Theme }) {
  const update = useConnection((s) => s.update)
  const [error, setError] = useState<AppErrorShape | null>(null)
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Theme"
        data={options}
        value={props.theme}
        onChange={(theme) => {
          setError(null)
          update({ theme }).catch((caught: unknown) => {
            setError(toErrorShape(caught))
          })
        }}
        maw={420}
      />
      {error ? <ErrorAlert error={error} title="The theme was not saved" /> : null}
    </Stack>
  )
}
