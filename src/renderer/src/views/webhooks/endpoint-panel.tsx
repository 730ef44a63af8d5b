import { Alert, Badge, CloseButton, Code, CopyButton, Group, Paper, SimpleGrid, Stack, Text, Title, Button } from '@mantine/core'
import type { ReactNode } from 'react'
import type { LocalEndpoint } from '../../../../shared/contract/webhook-schema'
import { environmentLabels } from '../../../../shared/environments'
import { eventNamesFor } from './event-names'
import { SecretReveal } from './secret-reveal'
import { Timestamp } from './timestamp'

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      {children}
    </Stack>
  )
}

/** One endpoint: where it is, what it receives, its secret's fingerprint and the reveal action. */
export function EndpointPanel({ endpoint, onClose }: { endpoint: LocalEndpoint; onClose: () => void }) {
  return (
    <Paper withBorder p="md" data-testid="endpoint-panel" aria-label={`Endpoint ${endpoint.url}`} component="section">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h4">
            Endpoint
          </Title>
          <CloseButton aria-label="Close the endpoint panel" onClick={onClose} />
        </Group>
        {!endpoint.secretStored && (
          <Alert color="red" variant="filled" title="The keychain refused this endpoint's secret" role="alert">
            The secret exists only in this app&apos;s memory until you quit, and the service will not show it again. Reveal it now and store
            it somewhere safe (your server&apos;s configuration or a password manager), or it is lost when the app closes.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Field label="URL">
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {endpoint.url}
            </Text>
          </Field>
          <Field label="Environment">
            <Group gap="xs">
              <Text size="sm">{environmentLabels[endpoint.environment]}</Text>
              {endpoint.serviceId && <Code>{endpoint.serviceId}</Code>}
            </Group>
          </Field>
          <Field label="Created">
            <Timestamp time={endpoint.createdAt} />
          </Field>
          <Field label={endpoint.connect ? 'Connect account: receives' : 'Direct merchant: receives'}>
            <Group gap={4}>
              {eventNamesFor(endpoint.connect).map((name) => (
                <Code key={name}>{name}</Code>
              ))}
            </Group>
          </Field>
        </SimpleGrid>
        <Field label="Signing secret">
          <Stack gap={6}>
            <Group gap="xs">
              <Badge color={endpoint.secretStored ? 'teal' : 'red'} variant="light">
                {endpoint.secretStored ? 'In the keychain' : 'In memory only'}
              </Badge>
              <Code data-testid="endpoint-fingerprint">{endpoint.fingerprint}</Code>
              <CopyButton value={endpoint.fingerprint}>
                {({ copied, copy }) => (
                  <Button size="compact-xs" variant="subtle" onClick={copy}>
                    {copied ? 'Copied' : 'Copy fingerprint'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="xs" c="dimmed">
              The fingerprint is a short SHA-256 of the secret: compare it with your server&apos;s to tell secrets apart without showing
              either.
            </Text>
            <SecretReveal endpoint={endpoint} />
          </Stack>
        </Field>
      </Stack>
    </Paper>
  )
}
