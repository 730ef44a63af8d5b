import { Stack, Title } from '@mantine/core'
import { LookupForm } from './lookup-form'
import { LookupOutcome } from './lookup-outcome'
import { RecentLookups } from './recent-lookups'

/**
 * Payments: a support agent pastes a payment ID and reads why it failed and what to tell the
 * customer. The answer comes right under the field, so it is in sight without scrolling; the
 * recent lookups come after it.
 */
export function PaymentsView() {
  return (
    <Stack gap="md" maw={960}>
      <Title order={2}>Payments</Title>
      <LookupForm />
      <LookupOutcome />
      <RecentLookups />
    </Stack>
  )
}
