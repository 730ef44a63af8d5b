import { useState } from 'react'
import { Alert, Badge, Group, List, Radio, SimpleGrid, Stack, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import type { AppErrorShape } from '../../../../shared/app-error'
import type { EnvironmentId } from '../../../../shared/environments'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { ErrorAlert } from '../../components/error-alert'
import { toErrorShape } from '../../stores/error-shape'
import { useAllowedEnvironments } from '../../shell/policy-access'
import { selectActiveEnvironment, useConnection, type EnvironmentView } from '../../stores/connection-store'
import { environmentDescriptions, environmentStatus } from './environment-status'

const colors = { local: 'teal', operator: 'blue', production: 'red' } as const

/** Switching to production is deliberate: say what changes before it does. */
function ProductionSwitchNote({ production }: { production: EnvironmentView | undefined }) {
  const status = production ? environmentStatus(production) : null
  return (
    <>
      <Text size="sm">Production is the live service. After switching:</Text>
      <List size="sm" spacing={4}>
        <List.Item>lookups show real customers&apos; payments;</List.Item>
        <List.Item>checkouts and webhook endpoints you create are real;</List.Item>
        <List.Item>every such write asks you to confirm it first;</List.Item>
        <List.Item>the header shows a red Production badge on every screen.</List.Item>
      </List>
      {status && !status.ready ? (
        <Alert color="yellow" title="Production is not set up yet">
          {status.text} Add it in the Production tab below; until then every call there fails.
        </Alert>
      ) : null}
    </>
  )
}

function EnvironmentCard(props: { env: EnvironmentView; active: boolean }) {
  const status = environmentStatus(props.env)
  return (
    <Radio.Card value={props.env.id} p="sm" radius="md" data-testid={`environment-option-${props.env.id}`}>
      <Group wrap="nowrap" align="flex-start" gap="sm" h="100%">
        <Radio.Indicator color={colors[props.env.id]} />
        <Stack gap={4}>
          <Group gap={6}>
            <Text fw={600}>{props.env.label}</Text>
            {props.active ? (
              <Badge size="xs" color={colors[props.env.id]} variant={props.env.id === 'production' ? 'filled' : 'light'}>
                Active
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {environmentDescriptions[props.env.id]}
          </Text>
          <Text size="xs" c={status.ready ? 'teal' : 'yellow'}>
            {status.text}
          </Text>
        </Stack>
      </Group>
    </Radio.Card>
  )
}

/** Which environment every screen talks to. Production only after a confirmation. */
export function EnvironmentPicker(props: { onSwitched: (environment: EnvironmentId) => void }) {
  const environments = useConnection((s) => s.view?.environments)
  const active = useConnection(selectActiveEnvironment)
  const allowed = useAllowedEnvironments()
  const update = useConnection((s) => s.update)
  const [confirming, confirm] = useDisclosure(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppErrorShape | null>(null)

  async function switchTo(environment: EnvironmentId) {
    setBusy(true)
    setError(null)
    try {
      await update({ activeEnvironment: environment })
      confirm.close()
      props.onSwitched(environment)
    } catch (caught) {
      setError(toErrorShape(caught))
    } finally {
      setBusy(false)
    }
  }

  function choose(environment: EnvironmentId) {
    if (environment === active || busy) return
    if (environment === 'production') confirm.open()
    else void switchTo(environment)
  }

  if (!environments) return null
  return (
    <Stack gap="sm">
      <Radio.Group
        value={active}
        onChange={choose}
        label="Active environment"
        description="Every screen talks to the environment chosen here. The header always shows which one."
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt="xs">
          {environments
            .filter((env) => allowed.includes(env.id))
            .map((env) => (
              <EnvironmentCard key={env.id} env={env} active={env.id === active} />
            ))}
        </SimpleGrid>
      </Radio.Group>
      {error ? <ErrorAlert error={error} title="The environment was not changed" /> : null}
      <ConfirmDialog
        opened={confirming}
        title="Switch to Production?"
        cancelLabel="Stay where I am"
        confirmLabel="Switch to Production"
        busy={busy}
        onConfirm={() => void switchTo('production')}
        onCancel={confirm.close}
      >
        <ProductionSwitchNote production={environments.find((env) => env.id === 'production')} />
      </ConfirmDialog>
    </Stack>
  )
}
