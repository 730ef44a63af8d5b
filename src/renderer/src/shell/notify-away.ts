import { notifications } from '@mantine/notifications'
import { useNavigation, type View } from '../stores/navigation-store'

/**
 * Tells the user about a result that arrived for `view` while they were on another
 * screen; on that screen itself the result is already in sight.
 */
export function notifyIfAway(view: View, notice: { title: string; message: string; color?: string }): void {
  if (useNavigation.getState().view === view) return
  notifications.show({
    ...notice,
    onClick: () => {
      useNavigation.getState().go(view)
    },
    style: { cursor: 'pointer' },
  })
}
