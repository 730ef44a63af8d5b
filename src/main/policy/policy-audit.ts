import { truncateText } from '../../shared/truncate-text'
import type { AuditRecorder } from '../services/audit-service'
import { policyNote, type Policy } from './policy'

// The entry's detail is at most this long (auditEventSchema); truncateText adds up to 60 characters saying so.
const maxDetailChars = 1_000

/**
 * Each entry written while a policy file is in force ends with the role and the policy's
 * fingerprint, so the log says under which rules an action was taken. Only the detail
 * text changes: entries keep their shape and every older entry stays verifiable. Without
 * a policy file entries read as before.
 */
export function withPolicyNote<T extends AuditRecorder>(audit: T, policy: Policy): T {
  const note = policyNote(policy)
  if (note === null) return audit
  const suffix = `; ${note}`
  return {
    ...audit,
    record: (event) => audit.record({ ...event, detail: `${truncateText(event.detail, maxDetailChars - suffix.length - 60)}${suffix}` }),
  }
}
