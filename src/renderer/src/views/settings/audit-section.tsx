import { useEffect, useMemo } from 'react'
import { Button, Center, Loader } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { ErrorAlert } from '../../components/error-alert'
import { useAudit } from '../../stores/audit-store'
import { useConnection } from '../../stores/connection-store'
import { AuditExportBar } from './audit-export-bar'
import { AuditTable } from './audit-table'
import { AuditUnwritten } from './audit-unwritten'
import { AuditVerdict } from './audit-verdict'
import { SettingsSection } from './settings-section'

/** The audit log: checked each time it is shown, newest entries first, exportable. */
export function AuditSection() {
  const { list, error, load } = useAudit(useShallow((s) => ({ list: s.list, error: s.error, load: s.load })))
  // Every settings change (a key, the environment, a URL) answers with a new view: read the log again.
  const view = useConnection((s) => s.view)
  useEffect(() => {
    void load()
  }, [view, load])
  const flagged = useMemo(() => new Set(list?.verification.problems.flatMap((p) => (p.seq === null ? [] : [p.seq]))), [list])

  return (
    <SettingsSection
      title="Audit log"
      testId="audit-section"
      description="Key changes, environment switches, webhook registrations and checkouts made from this app on this computer: when, by whom, where, what. No keys or secrets; customer e-mails masked. Each entry is sealed with a key kept in the system keychain and linked to the one before it, so a changed, inserted, removed or cut-off entry, or a deleted log, is reported here."
    >
      {error && !list ? (
        <ErrorAlert error={error} title="The audit log could not be read">
          <Button size="xs" variant="light" color="red" onClick={() => void load()}>
            Try again
          </Button>
        </ErrorAlert>
      ) : null}
      {!list && !error ? (
        <Center h={80}>
          <Loader size="sm" aria-label="Loading the audit log" />
        </Center>
      ) : null}
      {list ? (
        <>
          {error ? <ErrorAlert error={error} title="The audit log could not be read again" /> : null}
          <AuditVerdict list={list} />
          <AuditUnwritten events={list.unwritten} />
          <AuditTable entries={list.entries} total={list.total} flagged={flagged} />
        </>
      ) : null}
      <AuditExportBar />
    </SettingsSection>
  )
}
