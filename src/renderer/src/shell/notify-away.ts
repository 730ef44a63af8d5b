import { notifications } from '@mantine/notifications'
import { useNavigation, type View } from '../stores/navigation-store'

/**
 * Tells the user about a result that arrived for `view` while they were on another
 * screen; on that screen itself the result is already in sight. True when it did.
 */
export function notifyIfAway(view: View, notice: { title: string; message: string; color?: string }): boolean {
  if (useNavigation.getState().view === view) return false
  notifications.show({
    ...notice,
    // News, not an error: said when the reader is free rather than interrupting (Mantine's default is an alert).
    role: 'status',
    onClick: () => {
      useNavigation.getState().go(view)
    },
    style: { cursor: 'pointer' },
  })
  return true
}
