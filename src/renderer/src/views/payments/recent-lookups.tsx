import { Button, Group, Text } from '@mantine/core'
import { useConnection } from '../../stores/connection-store'
import { usePayments } from '../../stores/payments-store'

const shownCount = 10
const maxLabelLength = 40
const noRecents: string[] = []

/** The IDs looked up lately (kept by the main process, IDs only): one click opens one again. */
export function RecentLookups() {
  const recent = useConnection((s) => s.view?.settings.recentLookups ?? noRecents)
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label="Recent lookups">
      <Text size="sm" c="dimmed">
        Recent lookups:
      </Text>
      {recent.length === 0 ? (
        <Text size="sm" c="dimmed">
          none yet
        </Text>
      ) : (
        recent.slice(0, shownCount).map((id) => (
          <Button
            key={id}
            size="compact-xs"
            variant="default"
            ff="monospace"
            fw={400}
            title={id}
            aria-label={id}
            onClick={() => {
              void usePayments.getState().open(id)
            }}
          >
            {id.length > maxLabelLength ? `${id.slice(0, maxLabelLength - 1)}…` : id}
          </Button>
        ))
      )}
    </Group>
  )
}
