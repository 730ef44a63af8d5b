import { Badge, Tabs } from '@mantine/core'
import type { EnvironmentId } from '../../../../shared/environments'
import { selectActiveEnvironment, useConnection } from '../../stores/connection-store'
import { EnvironmentPanel } from './environment-panel'
import { useAllowedEnvironments } from '../../shell/policy-access'

/** One tab per environment, so production can be set up before anyone switches to it. */
export function ConnectionTabs(props: { tab: EnvironmentId; onTab: (tab: EnvironmentId) => void }) {
  const all = useConnection((s) => s.view?.environments)
  const allowed = useAllowedEnvironments()
  const environments = all?.filter((env) => allowed.includes(env.id))
  const active = useConnection(selectActiveEnvironment)
  if (!environments) return null
  return (
    <Tabs
      value={props.tab}
      onChange={(value) => {
        const next = environments.find((env) => env.id === value)
        if (next) props.onTab(next.id)
      }}
      keepMounted={false}
    >
      <Tabs.List>
        {environments.map((env) => (
          <Tabs.Tab
            key={env.id}
            value={env.id}
            rightSection={
              env.id === active ? (
                <Badge size="xs" variant="light" color={env.id === 'production' ? 'red' : 'gray'}>
                  active
                </Badge>
              ) : null
            }
          >
            {env.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {environments.map((env) => (
        <Tabs.Panel key={env.id} value={env.id} pt="md">
          <EnvironmentPanel env={env} />
        </Tabs.Panel>
      ))}
    </Tabs>
  )
}
