import { Code, CopyButton, Button, Divider, Group, Stack, Text } from '@mantine/core'
import type { EnvironmentView, RemoteEnvironment } from '../../stores/connection-store'
import { BaseUrlForm } from './base-url-form'
import { ConnectionTest } from './connection-test'
import { AccountChoice } from '../../shell/account-choice'
import { AccountsSection } from './accounts-section'
import { KeySection } from './key-section'
import { LockedNote } from '../../components/locked-note'
import { roleReason } from '../../../../shared/policy/channel-roles'
import { useMayCall, usePolicy } from '../../shell/policy-access'

function isRemote(env: EnvironmentView): env is EnvironmentView & { id: RemoteEnvironment } {
  return env.id !== 'local'
}

function LocalPanel(props: { env: EnvironmentView }) {
  return (
    <Stack gap="sm">
      <Text size="sm">
        Payments Desk runs this sandbox itself, on this computer only, and generates and holds its keys: there is no key to enter. Its data
        is made up, so every screen can be tried safely. It serves two merchant accounts, each seeing only its own payments, so switching
        accounts and looking a payment up in every account can be tried too.
      </Text>
      {props.env.baseUrl ? (
        <Group gap="xs">
          <Text size="sm">Running at</Text>
          <Code>{props.env.baseUrl}</Code>
          <CopyButton value={props.env.baseUrl}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="subtle" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          Not running: it starts the moment it is used (switch to it, or test the connection).
        </Text>
      )}
    </Stack>
  )
}

/** Everything needed to reach one environment: its address, its key, and a test. */
export function EnvironmentPanel(props: { env: EnvironmentView }) {
  const env = props.env
  const mayKey = useMayCall('setKey')
  const mayTest = useMayCall('testKey')
  const { role } = usePolicy()
  return (
    <Stack gap="md" data-testid={`environment-panel-${env.id}`}>
      {isRemote(env) ? (
        <>
          <BaseUrlForm key={env.baseUrl ?? ''} env={env} />
          <Divider />
          {mayKey ? (
            <>
              <AccountsSection env={env} />
              <Divider />
              {/* Keyed by account: a half-typed key for one account must not be saved for another. */}
              <KeySection key={env.activeAccount} env={env} />
            </>
          ) : (
            <LockedNote reason={`Keys: ${roleReason(role).toLowerCase()}`} testId={`key-locked-${env.id}`} />
          )}
        </>
      ) : (
        <>
          <LocalPanel env={env} />
          {env.accounts.length > 1 ? <AccountChoice env={env} label="Merchant accounts" /> : null}
        </>
      )}
      {mayTest ? (
        <>
          <Divider />
          <ConnectionTest env={env} />
        </>
      ) : null}
    </Stack>
  )
}
