import { useState } from 'react'
import { Button, Collapse, Group, Stack, Text, Textarea, UnstyledButton } from '@mantine/core'
import { useWebhooks } from '../../stores/webhooks-store'
import { parseDelivery } from './parse-delivery'

/** A shortcut: paste a delivery as raw HTTP (headers, blank line, body) and fill the fields from it. */
export function DeliveryPaste() {
  const setChecker = useWebhooks((s) => s.setChecker)
  const [opened, setOpened] = useState(false)
  const [raw, setRaw] = useState('')
  const [note, setNote] = useState<{ text: string; ok: boolean } | null>(null)

  function split(): void {
    const parsed = parseDelivery(raw)
    if (parsed.missing.length === 3) {
      setNote({
        ok: false,
        text: 'No hook-id, hook-timestamp or hook-signature header found: paste the headers as "name: value" lines, a blank line, then the body.',
      })
      return
    }
    setChecker({
      ...(parsed.hookId === null ? {} : { hookId: parsed.hookId }),
      ...(parsed.hookTimestamp === null ? {} : { hookTimestamp: parsed.hookTimestamp }),
      ...(parsed.hookSignature === null ? {} : { hookSignature: parsed.hookSignature }),
      ...(parsed.body === null ? {} : { body: parsed.body }),
    })
    const gaps = [...parsed.missing, ...(parsed.body === null ? ['the body (after a blank line)'] : [])]
    if (gaps.length === 0) {
      setNote({ ok: true, text: 'Split into the fields below.' })
      setOpened(false)
    } else {
      setNote({ ok: false, text: `Filled what was there; not found: ${gaps.join(', ')}.` })
    }
  }

  return (
    <Stack gap="xs">
      <UnstyledButton
        onClick={() => {
          setOpened((value) => !value)
          setNote(null)
        }}
        aria-expanded={opened}
      >
        <Text size="sm" c="indigo" fw={500}>
          {opened ? '▾' : '▸'} Paste a whole delivery (raw HTTP headers and body)
        </Text>
      </UnstyledButton>
      <Collapse expanded={opened}>
        <Stack gap="xs">
          <Textarea
            label="Raw delivery"
            description="As your receiver logged it: header lines, a blank line, then the body."
            placeholder={'POST /hooks HTTP/1.1\nhook-id: msg_…\nhook-timestamp: 1700000000\nhook-signature: v1,…\n\n{"id":"evt_…", …}'}
            autosize
            minRows={4}
            maxRows={10}
            value={raw}
            onChange={(event) => {
              setRaw(event.currentTarget.value)
              setNote(null)
            }}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            spellCheck={false}
          />
          <Group>
            <Button size="xs" variant="light" onClick={split} disabled={raw === ''}>
              Split into fields
            </Button>
          </Group>
        </Stack>
      </Collapse>
      {note && (
        <Text size="xs" c={note.ok ? 'teal' : 'orange'} role="status">
          {note.text}
        </Text>
      )}
    </Stack>
  )
}
