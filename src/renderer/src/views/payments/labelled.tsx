import type { ReactNode } from 'react'
import { Stack, Text } from '@mantine/core'

/** A small bold label over its value, as the payment and failure cards lay out their facts. */
export function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  )
}
