import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { environmentLabels } from '../../../../shared/environments'
import { useBatchRun } from '../../stores/batch-run-store'
import { formatCount } from '../../../../shared/format/number'
import { plural } from '../../../../shared/format/plural'

/** Runs the app was in the middle of when it closed or crashed: resuming them is the first thing to offer. */
export function InterruptedRuns() {
  const { jobs, activeJobId, busy, resume, show } = useBatchRun(
    useShallow((s) => ({ jobs: s.jobs, activeJobId: s.activeJobId, busy: s.busy, resume: s.resume, show: s.show })),
  )
  const interrupted = jobs.filter((job) => job.status === 'interrupted' && job.id !== activeJobId)
  if (interrupted.length === 0) return null
  return (
    <Alert
      color="orange"
      variant="light"
      title={
        interrupted.length === 1
          ? 'A batch stopped when the app closed'
          : `${plural(interrupted.length, { one: 'batch', other: 'batches' })} stopped when the app closed`
      }
    >
      <Stack gap="xs">
        <Text size="sm">Every result that arrived was saved. Resume to look up the rest where it stopped.</Text>
        {interrupted.map((job) => (
          <Group key={job.id} justify="space-between" wrap="wrap" gap="xs" data-testid="interrupted-run">
            <Text size="sm">
              <b>{job.label}</b> · {environmentLabels[job.environment]} · {formatCount(job.done)} / {formatCount(job.total)} looked up
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  show(job.id)
                }}
              >
                See results
              </Button>
              <Button
                size="xs"
                color="orange"
                loading={busy === 'resume'}
                onClick={() => void resume(job.id)}
                aria-label={`Resume ${job.label}`}
              >
                Resume
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Alert>
  )
}
