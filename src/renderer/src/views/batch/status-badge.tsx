import { Badge } from '@mantine/core'
import type { BatchJob } from '../../../../shared/contract/batch-schema'

const colors: Record<BatchJob['status'], string> = {
  running: 'blue',
  paused: 'yellow',
  interrupted: 'orange',
  completed: 'teal',
  cancelled: 'gray',
}

export function JobStatusBadge({ status }: { status: BatchJob['status'] }) {
  return (
    <Badge color={colors[status]} variant="light" data-testid="job-status">
      {status}
    </Badge>
  )
}
