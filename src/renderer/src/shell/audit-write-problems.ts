import { notifications } from '@mantine/notifications'
import { subscribe } from '../api/client'

/**
 * An action went ahead but its audit entry could not be written: say so wherever the
 * user is, and keep it on screen until they close it (Settings repeats it).
 */
export function watchAuditWriteProblems(): () => void {
  return subscribe('auditWriteProblem', ({ message }) => {
    notifications.show({ color: 'red', title: 'Audit log not written', message, autoClose: false })
  })
}
