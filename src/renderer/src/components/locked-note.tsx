import { Text } from '@mantine/core'

/** The reason next to something the policy fixes or the role cannot use: shown, not only hidden. */
export function LockedNote(props: { reason: string; testId?: string }) {
  return (
    <Text size="sm" c="dimmed" data-testid={props.testId ?? 'locked-note'}>
      {props.reason}
    </Text>
  )
}
