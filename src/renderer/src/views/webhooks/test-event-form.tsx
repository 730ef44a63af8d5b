import { useState } from 'react'
import { Alert, Autocomplete, Button, Code, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { declineCodes, explainDecline } from '../../../../shared/decline-codes'
import { checkPaymentId } from '../../../../shared/payment-id'
import { ErrorAlert } from '../../components/error-alert'
import { notifyIfAway } from '../../shell/notify-away'
import { useWebhookSandbox } from '../../stores/webhook-sandbox-store'
import { useWebhooks } from '../../stores/webhooks-store'
import { seedPaymentIds } from './seed-payments'

const codeOptions = declineCodes.map((code) => ({ value: code, label: `${code}: ${explainDecline(code).title}` }))

/** Makes the local sandbox emit an event, as the real service would after a deposit attempt. */
export function TestEventForm() {
  const { fields, sending, sendError, lastSent, setFields, send } = useWebhookSandbox(
    useShallow((s) => ({
      fields: s.testEvent,
      sending: s.sendingEvent,
      sendError: s.sendError,
      lastSent: s.lastSent,
      setFields: s.setTestEvent,
      send: s.sendTestEvent,
    })),
  )
  const hasEndpoint = useWebhooks((s) => s.endpoints.some((e) => e.environment === 'local'))
  const [idError, setIdError] = useState<string | null>(null)
  const failed = fields.type === 'payment.failed'

  async function submit(): Promise<void> {
    const checked = checkPaymentId(fields.paymentId)
    if (!checked.ok) {
      setIdError(checked.message)
      return
    }
    const sent = await send({ type: fields.type, paymentId: checked.id, ...(failed ? { code: fields.code } : {}) })
    if (sent) notifyIfAway('webhooks', { title: 'Test event sent', message: `${fields.type} for ${checked.id}`, color: 'teal' })
  }

  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
        noValidate
      >
        <Stack gap="sm">
          <Title order={3} size="h4">
            Send a test event
          </Title>
          <Text size="sm" c="dimmed">
            The sandbox records a deposit attempt on the payment (changing its status, as a real attempt would) and delivers the event,
            signed, to every endpoint registered on the sandbox, retrying failed attempts with backoff.
          </Text>
          {!hasEndpoint && (
            <Alert color="yellow" variant="light">
              No endpoint is registered from this app on the local sandbox: register one in the Endpoints tab first, so the delivery shows
              up below.
            </Alert>
          )}
          <Stack gap={6}>
            <Text size="sm" fw={500} id="event-type-label">
              Event
            </Text>
            <SegmentedControl
              aria-labelledby="event-type-label"
              w="fit-content"
              value={fields.type}
              onChange={(value) => {
                setFields({ type: value === 'payment.settled' ? 'payment.settled' : 'payment.failed' })
              }}
              data={[
                { value: 'payment.failed', label: 'payment.failed' },
                { value: 'payment.settled', label: 'payment.settled' },
              ]}
            />
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Autocomplete
              label="Payment ID"
              description="A seed payment of the sandbox, or any payment created here."
              data={seedPaymentIds}
              value={fields.paymentId}
              onChange={(value) => {
                setFields({ paymentId: value })
                setIdError(null)
              }}
              error={idError}
              spellCheck={false}
              limit={30}
            />
            {failed && (
              <Select
                label="Decline code"
                description="Goes into lastDepositAttempt.error."
                data={codeOptions}
                value={fields.code}
                onChange={(value) => {
                  if (value) setFields({ code: value })
                }}
                allowDeselect={false}
                searchable
              />
            )}
          </SimpleGrid>
          {sendError && <ErrorAlert error={sendError} title="The test event was not sent" />}
          <Group>
            <Button type="submit" loading={sending}>
              Send test event
            </Button>
            {lastSent && (
              <Text size="sm" c="dimmed" role="status">
                Sent <Code>{lastSent.type}</Code> for <Code>{lastSent.paymentId}</Code>: watch its delivery below.
              </Text>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}
