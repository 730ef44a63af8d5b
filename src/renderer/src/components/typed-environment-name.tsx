import { TextInput } from '@mantine/core'
import { environmentLabels } from '../../../shared/environments'
import { usePolicy } from '../shell/policy-access'
import { selectActiveEnvironment, useConnection } from '../stores/connection-store'

/** Whether the policy asks for Production's name before this write: only there, only when it says so. */
export function useTypedNameRequired(): boolean {
  const { typeEnvironmentName } = usePolicy()
  const active = useConnection(selectActiveEnvironment)
  return typeEnvironmentName && active === 'production'
}

export function typedNameMatches(value: string): boolean {
  return value.trim() === environmentLabels.production
}

/**
 * The field the policy asks for before a write to Production. It guards against a slip, not
 * an attacker: main checks the name too, and its own dialog still asks before anything is sent.
 */
export function TypedEnvironmentName(props: { value: string; onChange: (value: string) => void; disabled?: boolean }) {
  return (
    <TextInput
      label={`Type ${environmentLabels.production} to confirm`}
      description="Your organisation's policy asks for the environment's name before each write to it."
      value={props.value}
      onChange={(event) => {
        props.onChange(event.currentTarget.value)
      }}
      disabled={props.disabled}
      autoComplete="off"
      spellCheck={false}
      data-testid="typed-environment-name"
    />
  )
}
