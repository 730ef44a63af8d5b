import { Alert, Text } from '@mantine/core'
import type { EnvironmentId } from '../../../../shared/environments'
import { formatMoney, minorUnitsAssumption } from '../../../../shared/format/money'

interface PriceUnitNoteProps {
  environment: EnvironmentId
  total: number | null
  currency: string
}

/** The service does not say what a price is in: say so, and what the sandbox does. */
export function PriceUnitNote({ environment, total, currency }: PriceUnitNoteProps) {
  const local = environment === 'local'
  return (
    <Alert variant="light" color="blue" title="What unit are prices in?" data-testid="price-unit-note">
      <Text size="sm">
        Enter unit prices as whole numbers. The service&apos;s documentation does not say what unit a price is in. The local sandbox treats
        prices as minor units of the currency: 1500 means {formatMoney(1500, currency)}.
        {local
          ? null
          : ' For this environment, check the amount the service echoes back on the first payment before sending links to customers.'}
      </Text>
      {total === null ? null : (
        <Text size="sm" mt={6} fw={500} data-testid="draft-total">
          Sum of price × quantity: {total}
          {local
            ? ` (${formatMoney(total, currency)} ${minorUnitsAssumption}, as the local sandbox does)`
            : ` in the service's unit, ${currency}`}
        </Text>
      )}
    </Alert>
  )
}
