import { Button, Code, EmptyState } from '@mantine/core'
import type { AppErrorShape } from '../../../../shared/app-error'
import { wordsFor } from '../../../../shared/error-words'
import { plural } from '../../../../shared/format/plural'
import { ErrorAlert } from '../../components/error-alert'
import { selectActiveEnvironmentView, useConnection } from '../../stores/connection-store'
import { useEveryAccount } from '../../stores/every-account-store'
import { useNavigation } from '../../stores/navigation-store'
import { usePayments } from '../../stores/payments-store'

function SettingsButton({ label }: { label: string }) {
  return (
    <Button
      variant="default"
      onClick={() => {
        useNavigation.getState().go('settings')
      }}
    >
      {label}
    </Button>
  )
}

/** A lookup that did not return a payment: why, and what to do next. */
export function LookupError({ id, error }: { id: string; error: AppErrorShape }) {
  // Another account of the environment may hold it: the ticket seldom says which shop.
  const otherAccounts = useConnection((s) => (selectActiveEnvironmentView(s)?.accounts.length ?? 1) - 1)
  if (error.code === 'not-found') {
    return (
      <EmptyState data-testid="not-found" py="xl">
        <EmptyState.Title order={3}>{error.message}</EmptyState.Title>
        <EmptyState.Description>
          Looked up <Code>{id}</Code>. Check the ID for a typo, or whether the payment was made in another
          {otherAccounts > 0 ? ' account or' : ''} environment: the environment is chosen in Settings.
        </EmptyState.Description>
        <EmptyState.Actions>
          {otherAccounts > 0 ? (
            <Button
              onClick={() => {
                void useEveryAccount.getState().search(id)
              }}
            >
              Search the other {otherAccounts === 1 ? 'account' : plural(otherAccounts, { one: 'account', other: 'accounts' })}
            </Button>
          ) : null}
          <SettingsButton label="Check the environment in Settings" />
        </EmptyState.Actions>
      </EmptyState>
    )
  }

  return (
    <ErrorAlert
      error={error}
      title={wordsFor(error.code).settings ? undefined : `Could not look up ${id}`}
      onRetry={() => {
        void usePayments.getState().retry()
      }}
      data-testid="lookup-error"
    />
  )
}
