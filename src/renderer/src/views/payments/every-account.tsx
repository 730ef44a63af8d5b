import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { EnvironmentId } from '../../../../shared/environments'
import { checkPaymentId } from '../../../../shared/payment-id'
import { toErrorShape } from '../../stores/error-shape'
import { extractPaymentId } from '../../../../shared/extract-payment-id'
import { ErrorAlert } from '../../components/error-alert'
import { statusColor } from '../../format/status-color'
import { selectActiveEnvironment, selectActiveEnvironmentView, useConnection } from '../../stores/connection-store'
import { useEveryAccount, type AccountFinding } from '../../stores/every-account-store'
import { usePayments } from '../../stores/payments-store'

/** The ID in the field, when it holds exactly one valid one. */
function fieldId(input: string): string | null {
  const found = extractPaymentId(input)
  if (found.kind !== 'found') return null
  const checked = checkPaymentId(found.id)
  return checked.ok ? checked.id : null
}

/** "Look up in every account": where a payment lives when the ticket does not say which shop it came from. */
export function EveryAccount() {
  const env = useConnection(selectActiveEnvironmentView)
  const input = usePayments((s) => s.input)
  const { id, running, findings, error } = useEveryAccount()
  if (!env || env.accounts.length < 2) return null
  const candidate = fieldId(input)
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Button
          variant="default"
          disabled={candidate === null}
          loading={running}
          onClick={() => {
            if (candidate !== null) void useEveryAccount.getState().search(candidate)
          }}
        >
          Look up in every account
        </Button>
        <Text size="sm" c="dimmed">
          Searches all {env.accounts.length} accounts of {env.label}, each within its own rate limit.
        </Text>
      </Group>
      {error ? <ErrorAlert error={error} title="The accounts were not searched" /> : null}
      {findings && id !== null ? <Findings id={id} findings={findings} /> : null}
    </Stack>
  )
}

function Findings(props: { id: string; findings: AccountFinding[] }) {
  const environment = useConnection(selectActiveEnvironment)
  const found = props.findings.filter((finding) => finding.lookup !== null).length
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="every-account-title" data-testid="every-account-results">
      <Stack gap="sm">
        <Title order={3} size="h5" id="every-account-title">
          {props.id}: found in {found} of {props.findings.length} accounts
        </Title>
        {props.findings.map((finding) => (
          <Group key={finding.account.id} justify="space-between" wrap="wrap" gap="xs" data-testid={`finding-${finding.account.id}`}>
            <Text fw={500}>{finding.account.name}</Text>
            {finding.lookup ? (
              <Group gap="xs">
                {finding.lookup.payment.status ? (
                  <Badge variant="light" color={statusColor(finding.lookup.payment.status)}>
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
