import { Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { ErrorAlert } from '../../components/error-alert'
import { useBatchInput } from '../../stores/batch-input-store'
import { ParseSummary } from './parse-summary'
import { plural } from '../../../../shared/format/plural'

const placeholder = `pay_2x9c1k7f
pay_7h3m0q2z, pay_0d8e4r6t
"pay_5n1b7w3y";pay_9k2j6v4s`

/** Where the list comes in: pasted text or a CSV/TXT file, with its counts before anything is sent. */
export function IdInputCard() {
  const s = useBatchInput(
    useShallow((state) => ({
      input: state.input,
      parsed: state.parsed,
      parsing: state.parsing,
      file: state.file,
      opening: state.opening,
      label: state.label,
      starting: state.starting,
      inputError: state.inputError,
      setInput: state.setInput,
      setLabel: state.setLabel,
      openFile: state.openFile,
      clearFile: state.clearFile,
      start: state.start,
    })),
  )
  const list = s.file?.parsed ?? s.parsed
  const count = list?.ids.length ?? 0

  return (
    <Paper withBorder p="md" component="section" aria-label="IDs to look up">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3}>IDs to look up</Title>
          <Button variant="default" onClick={() => void s.openFile()} loading={s.opening}>
            Open CSV or TXT file…
          </Button>
        </Group>

        {s.file ? (
          <Paper bg="var(--mantine-color-default-hover)" p="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">
                From the file <b data-testid="batch-file-name">{s.file.fileName}</b>
              </Text>
              <Button size="xs" variant="subtle" onClick={s.clearFile}>
                Use pasted text instead
              </Button>
            </Group>
          </Paper>
        ) : (
          <Textarea
            label="Payment IDs"
            description="One per line, or separated by commas, semicolons, spaces or tabs; quotes are fine. A CSV with an ID column works too."
            placeholder={placeholder}
            // A fixed height: autosizing measures a hidden copy of the text, which doubles the cost of a 50,000-line paste.
            rows={10}
            resize="vertical"
            spellCheck={false}
            value={s.input}
            onChange={(event) => {
              s.setInput(event.currentTarget.value)
            }}
          />
        )}

        <ParseSummary parsed={list} parsing={s.parsing && !s.file} />

        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label="Batch name"
            description="Optional; names the run and the exported file."
            placeholder="March refunds report"
            value={s.label}
            onChange={(event) => {
              s.setLabel(event.currentTarget.value)
            }}
            maxLength={200}
            w={320}
          />
          <Button onClick={() => void s.start()} loading={s.starting} disabled={count === 0 || s.parsing}>
            {count === 0 ? 'Look up' : `Look up ${plural(count, { one: 'ID', other: 'IDs' })}`}
          </Button>
        </Group>

        {s.inputError && <ErrorAlert error={s.inputError} title="Not started" />}

        <Text size="xs" c="dimmed">
          The run goes through the app&apos;s request throttle at batch priority, so a lookup on the Payments screen still answers at once.
          Each result is saved as it arrives: if the app closes mid-run, it resumes where it stopped.
        </Text>
      </Stack>
    </Paper>
  )
}
