import { useState } from 'react'
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core'
import type { AppErrorShape } from '../../../../shared/app-error'
import { invoke } from '../../api/client'
import { ErrorAlert } from '../../components/error-alert'
import { toErrorShape } from '../../stores/error-shape'
import { SettingsSection } from './settings-section'

type Outcome =
  | { kind: 'opened'; path: string }
  | { kind: 'copied'; text: string }
  /** Main gave the text but the clipboard refused it: shown so it can be selected by hand. */
  | { kind: 'not-copied'; text: string }
  | { kind: 'failed'; title: string; error: AppErrorShape }

/** For a support ticket: the log files main writes, and a summary with no key, secret or address in it. */
export function SupportSection() {
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [busy, setBusy] = useState<'open' | 'copy' | null>(null)

  const openLogs = async () => {
    setBusy('open')
    try {
      const { path } = await invoke('openLogsFolder', {})
      setOutcome({ kind: 'opened', path })
    } catch (error) {
      setOutcome({ kind: 'failed', title: 'The logs folder was not opened', error: toErrorShape(error) })
    } finally {
      setBusy(null)
    }
  }

  const copyDiagnostics = async () => {
    setBusy('copy')
    try {
      const { text } = await invoke('getDiagnostics', {})
      try {
        await navigator.clipboard.writeText(text)
        setOutcome({ kind: 'copied', text })
      } catch {
        setOutcome({ kind: 'not-copied', text })
      }
    } catch (error) {
      setOutcome({ kind: 'failed', title: 'No diagnostics were copied', error: toErrorShape(error) })
    } finally {
      setBusy(null)
    }
  }

  return (
    <SettingsSection
      title="Support"
      description="Payments Desk writes its errors to log files in its data folder. Both are safe to attach to a support ticket: keys and webhook secrets are removed, e-mail addresses shortened."
    >
      <Group gap="sm">
        <Button size="xs" variant="light" onClick={() => void openLogs()} loading={busy === 'open'} disabled={busy !== null}>
          Open logs folder
        </Button>
        <Button size="xs" variant="light" onClick={() => void copyDiagnostics()} loading={busy === 'copy'} disabled={busy !== null}>
          Copy diagnostics
        </Button>
      </Group>
      <div aria-live="polite" data-testid="support-outcome">
        {outcome?.kind === 'opened' ? (
          <Text size="sm">
            Opened in your file manager: <Code>{outcome.path}</Code>
          </Text>
        ) : null}
        {outcome?.kind === 'copied' || outcome?.kind === 'not-copied' ? (
          <Stack gap="xs">
            {outcome.kind === 'copied' ? (
              <Text size="sm">Copied to the clipboard: paste it into the ticket. This is all of it:</Text>
            ) : (
              <Alert color="yellow" title="Not copied: the clipboard refused it">
                Select the text below and copy it by hand.
              </Alert>
            )}
            <Code block data-testid="diagnostics-text">
              {outcome.text}
            </Code>
          </Stack>
        ) : null}
        {outcome?.kind === 'failed' ? <ErrorAlert error={outcome.error} title={outcome.title} /> : null}
      </div>
    </SettingsSection>
  )
}
