import { Anchor, Button, Group, Stack, Text } from '@mantine/core'
import { useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { rerunIds, rerunLabels } from '../../../../shared/batch/rerun'
import { rerunKinds, type BatchJob } from '../../../../shared/contract/batch-schema'
import { formatCount } from '../../../../shared/format/number'
import { useBatchResults } from '../../stores/batch-results-store'
import { useBatchRun } from '../../stores/batch-run-store'

/** From a finished run: a new run of only what failed in one way, in the order of the list, linked to this one. */
export function RerunButtons({ job }: { job: BatchJob }) {
  const results = useBatchResults((s) => (s.loadedJobId === job.id ? s.results : null))
  const { busy, rerun } = useBatchRun(useShallow((s) => ({ busy: s.busy, rerun: s.rerun })))
  const counts = useMemo(() => (results ? rerunKinds.map((kind) => ({ kind, count: rerunIds(results, kind).length })) : []), [results])
  if (job.status !== 'completed' && job.status !== 'cancelled') return null
  const offered = counts.filter(({ count }) => count > 0)
  return (
    <Stack gap={6} data-testid="rerun">
      <Text size="sm" fw={600}>
        Re-run what failed
      </Text>
      {results === null ? null : offered.length === 0 ? (
        <Text size="sm" c="dimmed">
          No lookup errors, not-found IDs or retryable declines: nothing to look up again.
        </Text>
      ) : (
        <Group gap="xs" wrap="wrap">
          {offered.map(({ kind, count }) => (
            <Button
              key={kind}
              size="xs"
              variant="light"
              loading={busy === `rerun-${kind}`}
              disabled={busy !== null && busy !== `rerun-${kind}`}
              onClick={() => void rerun(kind)}
            >
              Look up the {formatCount(count)} {rerunLabels[kind]} again
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  )
}

/** Where a re-run came from, in the run's header and in the history: the chain of runs reads back to the first list. */
export function RerunOf({ job, withLink = false }: { job: BatchJob; withLink?: boolean }) {
  const show = useBatchRun((s) => s.show)
  const known = useBatchRun((s) => s.jobs.some((j) => j.id === job.rerunOf?.jobId))
  if (!job.rerunOf) return null
  const { jobId, label, only } = job.rerunOf
  const words = `↳ Re-run of the ${rerunLabels[only]} of “${label}”`
  return (
    // In the history's narrow column it is one line, whole in its title.
    <Text size="xs" c="dimmed" data-testid="rerun-of" {...(withLink ? {} : { truncate: 'end' as const, maw: 220, title: words })}>
      {words}
      {withLink && known && (
        <>
          {' · '}
          <Anchor
            component="button"
            type="button"
            size="xs"
            onClick={() => {
              show(jobId)
            }}
          >
            Open “{label}”
          </Anchor>
        </>
      )}
    </Text>
  )
}
