import { useEffect } from 'react'
import { Stack, Tabs, Text, Title } from '@mantine/core'
import { selectActiveEnvironment, useConnection } from '../../stores/connection-store'
import { useWebhooks, type WebhooksTab } from '../../stores/webhooks-store'
import { EndpointsTab } from './endpoints-tab'
import { SandboxTab } from './sandbox-tab'
import { SignatureChecker } from './signature-checker'
import { useDeliveriesPolling } from './use-deliveries-polling'

const tabs: readonly WebhooksTab[] = ['endpoints', 'sandbox', 'checker']

function isTab(value: string | null): value is WebhooksTab {
  return tabs.some((tab) => tab === value)
}

export function WebhooksView() {
  const tab = useWebhooks((s) => s.tab)
  const setTab = useWebhooks((s) => s.setTab)
  const local = useConnection(selectActiveEnvironment) === 'local'
  // The sandbox lists deliveries only for endpoints it knows; without one there is nothing to follow.
  const hasLocalEndpoint = useWebhooks((s) => s.endpoints.some((e) => e.environment === 'local' && e.serviceId !== null))

  useEffect(() => {
    void useWebhooks.getState().load()
    return () => {
      useWebhooks.getState().leave()
    }
  }, [])
  useDeliveriesPolling(local && hasLocalEndpoint)

  return (
    <Stack gap="md" maw={1100}>
      <Stack gap={4}>
        <Title order={2}>Webhooks</Title>
        <Text c="dimmed" size="sm">
          Register the endpoint that receives the service&apos;s events, keep its signing secret safe, and check a delivery&apos;s
          signature.
        </Text>
      </Stack>
      {/* Inactive tabs unmount, so a revealed secret disappears as soon as its tab is left. */}
      <Tabs
        value={tab}
        onChange={(value) => {
          if (isTab(value)) setTab(value)
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="endpoints">Endpoints</Tabs.Tab>
          <Tabs.Tab value="sandbox">Test events{local ? '' : ' (local sandbox only)'}</Tabs.Tab>
          <Tabs.Tab value="checker">Signature checker</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="endpoints" pt="md">
          <EndpointsTab />
        </Tabs.Panel>
        <Tabs.Panel value="sandbox" pt="md">
          <SandboxTab />
        </Tabs.Panel>
        <Tabs.Panel value="checker" pt="md">
          <SignatureChecker />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}
