import { z } from 'zod'
import { errorCodes } from '../app-error'

export const requestLogEntrySchema = z.object({
  id: z.number().int(),
  /** Epoch milliseconds when the attempt left the scheduler. */
  time: z.number(),
  method: z.string(),
  /** The path with its ID; e-mail addresses masked. */
  path: z.string(),
  /** HTTP status, or null when no answer came (timeout, reset, refused). */
  status: z.number().int().nullable(),
  durationMs: z.number(),
  attempt: z.number().int().positive(),
  queuedMs: z.number(),
  rateLimited: z.boolean(),
  errorCode: z.enum(errorCodes).nullable(),
  priority: z.enum(['interactive', 'batch']),
  /** The name of the merchant account whose key was sent; null when none was (no key, refused). */
  account: z.string().nullable(),
})

export type RequestLogEntry = z.infer<typeof requestLogEntrySchema>
