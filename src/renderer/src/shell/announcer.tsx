import { VisuallyHidden } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { createStore } from '../stores/create-store'

interface Announcement {
  message: string
  /** Counts every announcement, so the same words said twice still change the region. */
  serial: number
}

const useAnnouncement = createStore<Announcement>(() => ({ message: '', serial: 0 }))

/**
 * Says `message` to a screen reader when it is done speaking (politely): news the user did not ask
 * to be interrupted for, such as a result arriving. Errors are not said here: ErrorAlert's
 * role="alert" says them at once.
 */
export function announce(message: string): void {
  useAnnouncement.setState((state) => ({ message, serial: state.serial + 1 }))
}

/**
 * The app's one polite live region, present from the start (a region added with its text is not
 * reliably read) and never visible. A trailing no-break space on every other announcement makes a
 * repeated message a change the screen reader hears.
 */
export function Announcer() {
  const { message, serial } = useAnnouncement(useShallow((s) => ({ message: s.message, serial: s.serial })))
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="announcer">
      {serial % 2 === 1 ? `${message}\u00a0` : message}
    </VisuallyHidden>
  )
}
