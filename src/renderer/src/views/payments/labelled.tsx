import type { ReactNode } from 'react'
import { Stack, Text } from '@mantine/core'

/** A small caps label over its value, as the payment and failure cards lay out their facts. */
export function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  )
}
