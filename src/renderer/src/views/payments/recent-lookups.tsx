import { Button, Group, Text } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { recentLookupsIn } from '../../../../shared/recent-lookups'
import { useConnection } from '../../stores/connection-store'
import { selectLookupPlace, usePayments } from '../../stores/payments-store'

const shownCount = 10
const maxLabelLength = 40

/** The IDs looked up lately in the environment and account in use (kept by the main process): one click opens one again. */
export function RecentLookups() {
  const recent = useConnection(useShallow((s) => recentLookupsIn(s.view?.settings.recentLookups ?? [], selectLookupPlace(s))))
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
