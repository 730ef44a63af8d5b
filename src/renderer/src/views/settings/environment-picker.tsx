import { useState } from 'react'
import { Alert, Badge, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import type { AppErrorShape } from '../../../../shared/app-error'
import type { EnvironmentId } from '../../../../shared/environments'
import { toErrorShape } from '../../stores/error-shape'
import { selectActiveEnvironment, useConnection, type EnvironmentView } from '../../stores/connection-store'
import { environmentDescriptions, environmentStatus } from './environment-status'
import { ProductionConfirmModal } from './production-confirm-modal'

const colors = { local: 'teal', operator: 'blue', production: 'red' } as const

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
          <Text size="xs" c={status.ready ? 'teal' : 'yellow.8'}>
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
        <SimpleGrid cols={3} spacing="sm" mt="xs">
          {environments.map((env) => (
            <EnvironmentCard key={env.id} env={env} active={env.id === active} />
          ))}
        </SimpleGrid>
      </Radio.Group>
      {error ? (
        <Alert color="red" title="The environment was not changed">
          {error.message}
        </Alert>
      ) : null}
      <ProductionConfirmModal
        opened={confirming}
        production={environments.find((env) => env.id === 'production')}
        busy={busy}
        onConfirm={() => void switchTo('production')}
        onCancel={confirm.close}
      />
    </Stack>
  )
}
