import { Box, Button, Group, TextInput } from '@mantine/core'

interface InlineFieldFormProps {
  label: string
  description: string
  placeholder: string
  value: string
  onChange: (value: string) => void
  error: string | null
  submitLabel: string
  onSubmit: () => void
  busy: boolean
  disabled: boolean
  /** 'filled' while nothing is saved yet, so the first thing to do stands out. */
  variant?: 'filled' | 'default'
  spellCheck?: boolean
  /** Why the value cannot be changed here (a managed policy fixes it): shown instead of the description, with no button. */
  locked?: string | null
}

/** One field and its button on one line, Enter submitting: a base URL, a new account's name. */
export function InlineFieldForm(props: InlineFieldFormProps) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        props.onSubmit()
      }}
    >
      <TextInput
        label={props.label}
        description={props.locked ?? props.description}
        readOnly={Boolean(props.locked)}
        data-locked={Boolean(props.locked) || undefined}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(event) => {
          props.onChange(event.currentTarget.value)
        }}
        error={props.error}
        spellCheck={props.spellCheck}
        autoComplete="off"
        inputContainer={(input) => (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Box flex={1}>{input}</Box>
            {props.locked ? null : (
              <Button type="submit" loading={props.busy} disabled={props.disabled} variant={props.variant ?? 'default'}>
                {props.submitLabel}
              </Button>
            )}
          </Group>
        )}
      />
    </form>
  )
}
