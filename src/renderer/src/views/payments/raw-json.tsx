import { useId, useState } from 'react'
import { Button, Code, Collapse, CopyButton, Group, Paper, ScrollArea, Text } from '@mantine/core'

/** The payment exactly as the service sent it, folded away until asked for. */
export function RawJson({ raw }: { raw: unknown }) {
  const [open, setOpen] = useState(false)
  const regionId = useId()
  const json = JSON.stringify(raw, null, 2)
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" wrap="nowrap">
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => {
            setOpen((value) => !value)
          }}
          aria-expanded={open}
          aria-controls={regionId}
        >
          {open ? 'Hide raw JSON' : 'Show raw JSON'}
        </Button>
        <Group gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" visibleFrom="sm">
            The service's answer, unchanged
          </Text>
          <CopyButton value={json}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? 'Copied' : 'Copy JSON'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Group>
      <Collapse expanded={open} id={regionId}>
        <ScrollArea.Autosize mah={420} mt="sm">
          <Code block data-testid="raw-json">
            {json}
          </Code>
        </ScrollArea.Autosize>
      </Collapse>
    </Paper>
  )
}
