import { Alert } from '@mantine/core'
import { useConnection } from '../stores/connection-store'

/**
 * What the main process had to tell the user at start (a damaged settings file moved
 * aside, a locked keychain), above whichever screen is open until dismissed.
 */
export function NoticeBanner() {
  const notice = useConnection((s) => s.notice)
  const dismiss = useConnection((s) => s.dismissNotice)
  if (!notice) return null
  return (
    <Alert color="yellow" title="Please note" withCloseButton closeButtonLabel="Dismiss" onClose={dismiss} mb="md" data-testid="app-notice">
      {notice}
    </Alert>
  )
}
