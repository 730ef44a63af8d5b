import { Badge, Tooltip } from '@mantine/core'
import { defaultAccount } from '../../../shared/accounts'
import { selectActiveAccount, selectActiveEnvironment, selectActiveLabel, useConnection } from '../stores/connection-store'

const colors = { local: 'teal', operator: 'blue', production: 'red' } as const

/** The active environment, always visible; production in the warning colour. */
export function EnvironmentBadge() {
  const environment = useConnection(selectActiveEnvironment)
  const environmentLabel = useConnection(selectActiveLabel)
  const account = useConnection(selectActiveAccount)
  // Default goes unsaid, as it did before an environment could hold several accounts.
  const label = account && account.id !== defaultAccount.id ? `${environmentLabel} · ${account.name}` : environmentLabel
  const production = environment === 'production'
  return (
    <Tooltip label={production ? 'Live data: actions here affect real customers' : 'Change the environment in Settings'}>
      <Badge
        size="lg"
        variant={production ? 'filled' : 'light'}
        color={colors[environment]}
        data-testid="environment-badge"
        aria-label={`Environment: ${label}`}
      >
        {production ? `⚠ ${label}` : label}
      </Badge>
    </Tooltip>
  )
}
