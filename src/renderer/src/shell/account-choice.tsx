import { useState } from 'react'
import { Radio, Stack, Text } from '@mantine/core'
import type { AppErrorShape } from '../../../shared/app-error'
import type { EnvironmentId } from '../../../shared/environments'
import { ErrorAlert } from '../components/error-alert'
import { toErrorShape } from '../stores/error-shape'
import { selectActiveEnvironmentView, useConnection, type EnvironmentView } from '../stores/connection-store'

/**
 * The merchant accounts of one environment: one click makes another the account in use, whose
 * key every lookup, batch and write then sends, and whose throttle the Requests screen shows.
 */
export function AccountChoice(props: { env: EnvironmentView; label?: string; showKeys?: boolean }) {
  const switchAccount = useConnection((s) => s.switchAccount)
  const [error, setError] = useState<AppErrorShape | null>(null)
  const environment: EnvironmentId = props.env.id
  return (
    <Stack gap={6}>
      <Radio.Group
        label={props.label ?? 'Merchant account'}
        value={props.env.activeAccount}
        onChange={(account) => {
          setError(null)
          switchAccount(environment, account).catch((caught: unknown) => {
            setError(toErrorShape(caught))
          })
        }}
        data-testid={`account-choice-${environment}`}
      >
        <Stack gap={6} mt={6}>
          {props.env.accounts.map((account) => (
            <Radio
              key={account.id}
              value={account.id}
              // 24 px: WCAG 2.2's smallest target (2.5.8), and the radio is the target.
              size="md"
              label={account.name}
              description={props.showKeys && !props.env.managed ? (account.hasKey ? 'Key stored' : 'No key yet') : undefined}
            />
          ))}
        </Stack>
      </Radio.Group>
      {error ? <ErrorAlert error={error} title="The account was not switched" /> : null}
    </Stack>
  )
}

/** The accounts of the active environment, where every screen can reach them; absent while it has one. */
export function ActiveAccountChoice() {
  const env = useConnection(selectActiveEnvironmentView)
  if (!env || env.accounts.length < 2) return null
  return (
    <Stack gap={2} px="xs" pb="xs" data-testid="active-account-choice">
      <AccountChoice env={env} />
      <Text size="xs" c="dimmed">
        Lookups, batches and writes use this account&apos;s key.
      </Text>
    </Stack>
  )
}
