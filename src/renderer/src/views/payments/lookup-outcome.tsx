import { Group, Loader, Paper, Skeleton, Stack, Text } from '@mantine/core'
import { explainDecline } from '../../../../shared/decline-codes'
import type { PaymentLookup } from '../../../../shared/contract/payment-schema'
import { selectActiveLabel, useConnection } from '../../stores/connection-store'
import { useSearchAnswersField } from '../../stores/every-account-store'
import { usePayments, useShownLookup } from '../../stores/payments-store'
import { ErrorAlert } from '../../components/error-alert'
import { AccountFindings } from './every-account'
import { FailureCard } from './failure-card'
import { LookupError } from './lookup-error'
import { PaymentDetails } from './payment-details'
import { PaymentSummary } from './payment-summary'
import { RawJson } from './raw-json'
import { ServiceWait } from './service-wait'
import { StartHint } from './start-hint'

function Loading({ id }: { id: string }) {
  const label = useConnection(selectActiveLabel)
  return (
    <Paper withBorder p="md" aria-busy="true" data-testid="lookup-loading">
      <Group gap="sm" mb="md">
        <Loader size="sm" />
        <Text size="sm">
          Looking up {id} in {label}…
        </Text>
      </Group>
      <Stack gap="xs">
        <Skeleton h={20} w="40%" />
        <Skeleton h={16} w="70%" />
        <Skeleton h={16} w="55%" />
      </Stack>
    </Paper>
  )
}

function failed(lookup: PaymentLookup): boolean {
  const attempt = lookup.payment.lastDepositAttempt
  if (!attempt) return false
  return attempt.status?.toLowerCase() === 'failed' || (attempt.error ?? '') !== ''
}

function Payment({ lookup }: { lookup: PaymentLookup }) {
  const explanation = failed(lookup) ? explainDecline(lookup.payment.lastDepositAttempt?.error) : null
  return (
    <Stack gap="sm">
      <PaymentSummary lookup={lookup} />
      {explanation && <FailureCard explanation={explanation} />}
      <PaymentDetails lookup={lookup} explanation={explanation} />
      <RawJson raw={lookup.raw} />
    </Stack>
  )
}

/**
 * The one result area: the answer to the ID in the field, in the environment and account in use
 * (useShownLookup), or nothing yet. A search of every account for that ID takes the place of
 * its "not found" here, rather than sitting below it.
 */
export function LookupOutcome() {
  const linkError = usePayments((s) => s.linkError)
  const lookup = useShownLookup()
  const searched = useSearchAnswersField()
  if (linkError) return <ErrorAlert error={linkError} data-testid="link-error" />
  const notFound = lookup?.status === 'failed' && lookup.error.code === 'not-found'
  if (searched && (lookup === null || notFound)) return <AccountFindings />
  if (lookup === null) return <StartHint />
  switch (lookup.status) {
    case 'loading':
      return <Loading id={lookup.key.id} />
    case 'done':
      return (
        <>
          <Payment lookup={lookup.result} />
          {searched && <AccountFindings />}
        </>
      )
    case 'failed':
      if (lookup.error.code === 'service-asked-to-wait') return <ServiceWait id={lookup.key.id} error={lookup.error} />
      return <LookupError id={lookup.key.id} error={lookup.error} />
  }
}
