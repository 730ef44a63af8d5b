import { Group, Stack, Text, Title } from '@mantine/core'
import { useEffect } from 'react'
import { useBatchRun } from '../../stores/batch-run-store'
import { BatchHistory } from './batch-history'
import { IdInputCard } from './id-input-card'
import { InterruptedRuns } from './interrupted-runs'
import { RunPanel } from './run-panel'

/** Batch lookup: finance pastes a list of payment IDs, the app looks them all up, the failures are broken down and exported. */
export function BatchView() {
  const onInput = useBatchRun((s) => s.activeJobId === null)

  useEffect(() => {
    void useBatchRun.getState().init()
  }, [])

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline" wrap="wrap">
        <Title order={2}>Batch lookup</Title>
        <Text c="dimmed" size="sm">
          Look up a list of payment IDs without tripping the rate limit, and see what failed and why.
        </Text>
      </Group>
      <InterruptedRuns />
      {onInput ? (
        <>
          <IdInputCard />
          <BatchHistory />
        </>
      ) : (
        <RunPanel />
      )}
    </Stack>
  )
}
