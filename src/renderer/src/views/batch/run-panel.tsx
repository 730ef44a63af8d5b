import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useEffect, useRef } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { environmentLabels } from '../../../../shared/environments'
import { ErrorAlert } from '../../components/error-alert'
import focusTarget from '../../components/focus-target.module.css'
import { selectActiveJob, useBatchRun } from '../../stores/batch-run-store'
import { useNavigation } from '../../stores/navigation-store'
import { ExportCard } from './export-card'
import { FailureCharts } from './failure-charts'
import { readTime } from '../../../../shared/format/time'
import { ResultsCard } from './results-card'
import { RunProgress } from './run-progress'
import { JobStatusBadge } from './status-badge'
import { RerunButtons, RerunOf } from './rerun-buttons'

/** One run: its progress and controls, then its results, their breakdown and the export. */
export function RunPanel() {
  const { job, busy, actionError, pause, resume, cancel, newBatch } = useBatchRun(
    useShallow((s) => ({
      job: selectActiveJob(s),
      busy: s.busy,
      actionError: s.actionError,
      pause: s.pause,
      resume: s.resume,
      cancel: s.cancel,
      newBatch: s.newBatch,
    })),
  )
  const section = useRef<HTMLDivElement>(null)
  const jobId = job?.id
  useEffect(() => {
    // The start button (or the history row) that led here has gone: the run takes the focus rather than the page.
    if (document.activeElement === document.body) section.current?.focus()
  }, [jobId])
  if (job === null) return null
  const started = readTime(job.createdAt)
  const resumable = job.status === 'paused' || job.status === 'interrupted'
  const stoppable = job.status === 'running' || resumable

  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-label="Run" ref={section} tabIndex={-1} className={focusTarget.target}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={4}>
              <Group gap="xs" wrap="wrap">
                <Title order={3}>{job.label}</Title>
                <JobStatusBadge status={job.status} />
              </Group>
              <Text size="xs" c="dimmed">
                {environmentLabels[job.environment]} · {job.account.name}
                {started && ` · started ${started.local} (${started.utc})`}
              </Text>
              <RerunOf job={job} withLink />
            </Stack>
            <Group gap="xs" wrap="wrap">
              {job.status === 'running' && (
                <Button
                  variant="default"
                  onClick={() => void pause()}
                  loading={busy === 'pause'}
                  disabled={busy !== null && busy !== 'pause'}
                >
                  Pause
                </Button>
              )}
              {resumable && (
                <Button onClick={() => void resume()} loading={busy === 'resume'} disabled={busy !== null && busy !== 'resume'}>
                  Resume
                </Button>
              )}
              {stoppable && (
                <Button
                  variant="light"
                  color="red"
                  onClick={() => void cancel()}
                  loading={busy === 'cancel'}
                  disabled={busy !== null && busy !== 'cancel'}
                >
                  Cancel run
                </Button>
              )}
              <Button variant="subtle" onClick={newBatch}>
                New batch
              </Button>
            </Group>
          </Group>

          {job.status === 'paused' && job.pauseReason !== null && (
            <Alert color="red" variant="light" title="The run paused itself" role="alert" data-testid="pause-reason">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{job.pauseReason}</Text>
                <Text size="sm">Nothing was lost: the IDs not yet looked up wait. Fix the cause, then resume.</Text>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => {
                    useNavigation.getState().go('settings')
                  }}
                >
                  Open Settings
                </Button>
              </Stack>
            </Alert>
          )}
          {job.status === 'cancelled' && (
            <Text size="sm" c="dimmed">
              Cancelled: the results below are what arrived before; the other IDs were not looked up.
            </Text>
          )}
          {actionError && <ErrorAlert error={actionError} title="That did not work" />}
          <RunProgress job={job} />
          <RerunButtons job={job} />
        </Stack>
      </Paper>
      <FailureCharts />
      <ResultsCard />
      <ExportCard />
    </Stack>
  )
}
