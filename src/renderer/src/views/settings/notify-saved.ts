import { notifications } from '@mantine/notifications'

/** A short confirmation that a setting was saved; the screen itself shows the new state. */
export function notifySaved(title: string, message: string): void {
  notifications.show({ color: 'teal', title, message, autoClose: 4_000, closeButtonProps: { 'aria-label': 'Dismiss notification' } })
}
