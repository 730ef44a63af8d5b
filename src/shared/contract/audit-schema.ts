import { z } from 'zod'
import { environmentIds } from '../environments'

export const auditActions = [
  'key-set',
  'key-replaced',
  'key-deleted',
  /** A key not sent: it is bound to another origin (or to none). */
  'key-send-refused',
  'environment-switched',
  'account-added',
  'account-removed',
  'account-switched',
  'base-url-changed',
  'webhook-registered',
  'webhook-secret-revealed',
  'checkout-created',
  /** Written by the log itself when it finds a problem an append would otherwise hide. */
  'audit-problem',
] as const

export type AuditAction = (typeof auditActions)[number]

export const auditActionLabels: Record<AuditAction, string> = {
  'key-set': 'Key stored',
  'key-replaced': 'Key replaced',
  'key-deleted': 'Key deleted',
  'key-send-refused': 'Key not sent',
  'environment-switched': 'Environment switched',
  'account-added': 'Account added',
  'account-removed': 'Account removed',
  'account-switched': 'Account switched',
  'base-url-changed': 'Base URL changed',
  'webhook-registered': 'Webhook registered',
  'webhook-secret-revealed': 'Webhook secret revealed',
  'checkout-created': 'Checkout created',
  'audit-problem': 'Audit log problem',
}

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/)

/** What happened, as the recording code states it; the log adds the rest. */
export const auditEventSchema = z.object({
  environment: z.enum(environmentIds),
  /** The merchant account acted in or on; absent in entries from before accounts, and for the environment as a whole. */
  account: z.string().max(60).optional(),
  action: z.enum(auditActions),
  /** Short text for a person: never a key or a secret, e-mails masked. */
  detail: z.string().max(1_000),
})

export type AuditEvent = z.infer<typeof auditEventSchema>

/**
 * One line of audit.jsonl. `hash` is the HMAC-SHA256, under a key kept in the keychain,
 * of the entry's canonical JSON without `hash` (which includes `prevHash`), so the
 * entries form a chain only the app can extend.
 */
export const auditEntrySchema = auditEventSchema
  .extend({
    seq: z.number().int().min(1),
    /** ISO 8601, UTC. */
    at: z.string().max(40),
    /** The operating system's user name of whoever ran the app. */
    user: z.string().max(256),
    prevHash: sha256Hex,
    hash: sha256Hex,
  })
  .strict()

export type AuditEntry = z.infer<typeof auditEntrySchema>

export const auditProblemSchema = z.object({
  /** The entry the problem is about, when there is one. */
  seq: z.number().nullable(),
  /** The line of audit.jsonl, when the problem is on a line. */
  line: z.number().nullable(),
  message: z.string(),
})

export type AuditProblem = z.infer<typeof auditProblemSchema>

export const auditVerificationSchema = z.object({
  ok: z.boolean(),
  problems: z.array(auditProblemSchema),
})

export type AuditVerification = z.infer<typeof auditVerificationSchema>

/** An event whose entry could not be written yet; the log tries again before the next one. */
export const unwrittenAuditEventSchema = auditEventSchema.extend({ at: z.string(), reason: z.string() })

export type UnwrittenAuditEvent = z.infer<typeof unwrittenAuditEventSchema>

export const auditListSchema = z.object({
  /** Newest first, at most `auditListLimit`. */
  entries: z.array(auditEntrySchema),
  /** How many entries the file holds; the export has them all. */
  total: z.number(),
  verification: auditVerificationSchema,
  unwritten: z.array(unwrittenAuditEventSchema),
})

export type AuditList = z.infer<typeof auditListSchema>

export const auditListLimit = 1_000
