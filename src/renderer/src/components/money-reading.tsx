import { Group, Text, type MantineSize } from '@mantine/core'
import { formatMoney, minorUnitsAssumption } from '../../../shared/format/money'

interface MoneyReadingProps {
  amount: number
  currency: string | null | undefined
  size?: MantineSize
  testId?: string
}

/** An amount read as minor units of its currency, with that assumption said beside it. */
export function MoneyReading({ amount, currency, size, testId }: MoneyReadingProps) {
  return (
    <Group gap={6} align="baseline" wrap="wrap">
      <Text fw={600} size={size} data-testid={testId}>
        {formatMoney(amount, currency)}
      </Text>
      <Text size="xs" c="dimmed">
        {minorUnitsAssumption}
      </Text>
    </Group>
  )
}
