import {
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { environmentLabels } from '../../../../shared/environments'
import { ErrorAlert } from '../../components/error-alert'
import { useWebhooks } from '../../stores/webhooks-store'
import { CheckResult } from './check-result'
import { DeliveryPaste } from './delivery-paste'

const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } }

export function SignatureChecker() {
  const { checker, endpoints, checking, result, checkError, prefillNote, setChecker, check } = useWebhooks(
    useShallow((s) => ({
      checker: s.checker,
      endpoints: s.endpoints,
      checking: s.checking,
      result: s.result,
      checkError: s.checkError,
      prefillNote: s.prefillNote,
      setChecker: s.setChecker,
      check: s.check,
    })),
  )
  const endpointOptions = endpoints.map((e) => ({ value: e.id, label: `${e.url} (${environmentLabels[e.environment]}, ${e.fingerprint})` }))

  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void check()
        }}
        noValidate
      >
        <Stack gap="sm">
          <Title order={3} size="h4">
            Check a delivery&apos;s signature
          </Title>
          <Text size="sm" c="dimmed">
            The service does not publish its signing algorithm. Its three headers are those of the Standard Webhooks scheme, so the app
            assumes it: HMAC-SHA256, keyed with the base64 part of the <Code>whsec_</Code> secret, over{' '}
            <Code>hook-id.hook-timestamp.body</Code>, sent as <Code>v1,&lt;base64&gt;</Code> entries and accepted within 5 minutes.
          </Text>
          {prefillNote && (
            <Alert color="blue" variant="light" data-testid="checker-prefill-note">
              {prefillNote}
            </Alert>
          )}
          <DeliveryPaste />
          <Textarea
            label="Raw body"
            description="Exactly as received, before any parsing: one changed byte or re-formatted JSON breaks the signature."
            autosize
            minRows={4}
            maxRows={12}
            value={checker.body}
            onChange={(event) => {
              setChecker({ body: event.currentTarget.value })
            }}
            styles={monospace}
            spellCheck={false}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="hook-id"
              placeholder="msg_…"
              value={checker.hookId}
              onChange={(event) => {
                setChecker({ hookId: event.currentTarget.value })
              }}
              styles={monospace}
              spellCheck={false}
              autoComplete="off"
            />
            <TextInput
              label="hook-timestamp"
              placeholder="1700000000"
              value={checker.hookTimestamp}
              onChange={(event) => {
                setChecker({ hookTimestamp: event.currentTarget.value })
              }}
              styles={monospace}
              spellCheck={false}
              autoComplete="off"
            />
          </SimpleGrid>
          <TextInput
            label="hook-signature"
            placeholder="v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4="
            value={checker.hookSignature}
            onChange={(event) => {
              setChecker({ hookSignature: event.currentTarget.value })
            }}
            styles={monospace}
            spellCheck={false}
            autoComplete="off"
          />
          <Stack gap={6}>
            <Text size="sm" fw={500} id="secret-source-label">
              Secret
            </Text>
            <SegmentedControl
              aria-labelledby="secret-source-label"
              w="fit-content"
              value={checker.secretSource}
              onChange={(value) => {
                setChecker({ secretSource: value === 'pasted' ? 'pasted' : 'stored' })
              }}
              data={[
                { value: 'stored', label: 'Stored secret of an endpoint' },
                { value: 'pasted', label: 'Paste a secret' },
              ]}
            />
            {checker.secretSource === 'stored' ? (
              <Select
                label="Endpoint"
                description="Its secret is read from the keychain by the main process; it is not shown here."
                placeholder={endpoints.length === 0 ? 'No endpoint registered from this app: paste a secret instead' : 'Pick an endpoint'}
                data={endpointOptions}
                value={checker.endpointId}
                onChange={(value) => {
                  setChecker({ endpointId: value })
                }}
                disabled={endpoints.length === 0}
                allowDeselect={false}
              />
            ) : (
              <PasswordInput
                label="Signing secret"
                description="Starts with whsec_. Forgotten when you leave this screen."
                placeholder="whsec_…"
                value={checker.pastedSecret}
                onChange={(event) => {
                  setChecker({ pastedSecret: event.currentTarget.value })
                }}
                autoComplete="off"
                spellCheck={false}
              />
            )}
          </Stack>
          <Checkbox
            label="Ignore the time window (check an old delivery)"
            description="Without it, a delivery signed more than 5 minutes before or after this computer's clock counts as invalid, to catch replays."
            checked={checker.ignoreTimestamp}
            onChange={(event) => {
              setChecker({ ignoreTimestamp: event.currentTarget.checked })
            }}
          />
          <Group>
            <Button type="submit" loading={checking}>
              Check signature
            </Button>
          </Group>
          {result && <CheckResult result={result} />}
          {checkError && <ErrorAlert error={checkError} title="The check could not run" />}
        </Stack>
      </form>
    </Paper>
  )
}
