import { Group, Loader, Paper, Skeleton, Stack, Text } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { explainDecline } from '../../../../shared/decline-codes'
import type { PaymentLookup } from '../../../../shared/contract/payment-schema'
import { selectActiveLabel, useConnection } from '../../stores/connection-store'
import { usePayments } from '../../stores/payments-store'
import { ErrorAlert } from '../../components/error-alert'
import { FailureCard } from './failure-card'
import { LookupError } from './lookup-error'
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
  return (
    <Stack gap="md">
      <PaymentSummary lookup={lookup} />
      {failed(lookup) && <FailureCard explanation={explainDecline(lookup.payment.lastDepositAttempt?.error)} />}
      <RawJson raw={lookup.raw} />
    </Stack>
  )
}

/** Whatever the last lookup came to: nothing yet, running, a payment, or why not. */
export function LookupOutcome() {
  const { status, id, result, error, linkError } = usePayments(
    useShallow((s) => ({ status: s.status, id: s.lookedUpId, result: s.result, error: s.error, linkError: s.linkError })),
  )
  if (linkError) return <ErrorAlert error={linkError} data-testid="link-error" />
  if (status === 'loading' && id !== null) return <Loading id={id} />
  if (status === 'done' && result) return <Payment lookup={result} />
  if (status === 'failed' && error?.code === 'service-asked-to-wait' && id !== null) return <ServiceWait id={id} error={error} />
  if (status === 'failed' && error && id !== null) return <LookupError id={id} error={error} />
  return <StartHint />
}
