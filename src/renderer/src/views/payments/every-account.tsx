import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import type { EnvironmentId } from '../../../../shared/environments'
import { toErrorShape } from '../../stores/error-shape'
import { ErrorAlert } from '../../components/error-alert'
import { statusColor } from '../../format/status-color'
import { selectActiveEnvironment, selectActiveEnvironmentView, selectActiveLabel, useConnection } from '../../stores/connection-store'
import { useEveryAccount, type AccountFinding } from '../../stores/every-account-store'
import { idInField, usePayments } from '../../stores/payments-store'

/** "Look up in every account", beside Look up: where a payment lives when the ticket does not say which shop it came from. */
export function EveryAccount() {
  const hasSeveral = useConnection((s) => (selectActiveEnvironmentView(s)?.accounts.length ?? 0) > 1)
  const candidate = usePayments((s) => idInField(s.input))
  const running = useEveryAccount((s) => s.running)
  if (!hasSeveral) return null
  return (
    <Button
      variant="default"
      flex="none"
      disabled={candidate === null}
      loading={running}
      onClick={() => {
        if (candidate !== null) void useEveryAccount.getState().search(candidate)
      }}
    >
      Look up in every account
    </Button>
  )
}

/** The last search of every account, in the result area: running, its findings, or why it did not run. */
export function AccountFindings() {
  const { id, running, findings, error } = useEveryAccount()
  const label = useConnection(selectActiveLabel)
  if (error) return <ErrorAlert error={error} title="The accounts were not searched" />
  if (running || !findings || id === null) {
    return (
      <Group gap="sm" aria-busy="true" data-testid="every-account-running">
        <Loader size="sm" />
        <Text size="sm">
          Looking up {id} in every account of {label}…
        </Text>
      </Group>
    )
  }
  return <Findings id={id} findings={findings} />
}

function Findings(props: { id: string; findings: AccountFinding[] }) {
  const environment = useConnection(selectActiveEnvironment)
  const label = useConnection(selectActiveLabel)
  const found = props.findings.filter((finding) => finding.lookup !== null).length
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="every-account-title" data-testid="every-account-results">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={3} size="h5" id="every-account-title">
            {props.id}: found in {found} of {props.findings.length} accounts
          </Title>
          <Text size="sm" c="dimmed">
            All the accounts of {label} were searched, each within its own rate limit.
          </Text>
        </Stack>
        {props.findings.map((finding) => (
          <Group key={finding.account.id} justify="space-between" wrap="wrap" gap="xs" data-testid={`finding-${finding.account.id}`}>
            <Text fw={500}>{finding.account.name}</Text>
            {finding.lookup ? (
              <Group gap="xs">
                {finding.lookup.payment.status ? (
                  <Badge variant="light" tt="none" color={statusColor(finding.lookup.payment.status)}>
                    {finding.lookup.payment.status}
                  </Badge>
                ) : null}
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => {
                    openIn(environment, finding.account.id, props.id).catch((caught: unknown) => {
                      useEveryAccount.setState({ error: toErrorShape(caught) })
                    })
                  }}
                >
                  Open in {finding.account.name}
                </Button>
              </Group>
            ) : finding.error ? (
              <Text size="sm" c="red" data-testid="finding-error">
                Could not look: {finding.error.message}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                Not in this account
              </Text>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  )
}

/** Makes the account the one in use and shows the payment there, as a lookup in it would. */
async function openIn(environment: EnvironmentId, account: string, id: string): Promise<void> {
  await useConnection.getState().switchAccount(environment, account)
  useEveryAccount.getState().clear()
  await usePayments.getState().open(id)
}
