import { z } from 'zod'
import { accountSchema } from './account-schema'
import { environmentIds } from '../environments'
import { withinJsonBounds } from '../json-bounds'

// The documented fields are checked for type; the sandbox's extra fields are read when
// present and never required, since the real service does not promise them.
export const depositAttemptSchema = z.object({
  status: z.string().optional(),
  amount: z.number().optional(),
  paymentMethod: z.string().optional(),
  error: z.string().nullable().optional(),
  attemptedAt: z.string().optional(),
})

export const paymentSchema = z.object({
  id: z.string().optional(),
  status: z.string().optional(),
  amount: z.number().optional(),
  currency: z.string().optional(),
  customerEmail: z.string().optional(),
  checkoutUrl: z.string().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  lastDepositAttempt: depositAttemptSchema.nullable().optional(),
})

/** The service's JSON as it came, within the limits of boundJson: deeper parts cannot reach IPC. */
export const serviceJsonSchema = z
  .unknown()
  .refine((value) => withinJsonBounds(value), 'nested deeper or wider than the service JSON limits')

export type DepositAttempt = z.infer<typeof depositAttemptSchema>
export type PaymentView = z.infer<typeof paymentSchema>

export const paymentLookupSchema = z.object({
  /** The ID as it was looked up (the service may not echo it). */
  id: z.string(),
  environment: z.enum(environmentIds),
  /** The merchant account whose key looked it up. */
  account: accountSchema,
  fetchedAt: z.number(),
  payment: paymentSchema,
  /** The service's JSON as it came (bounded), for the raw view. */
  raw: serviceJsonSchema,
})

export type PaymentLookup = z.infer<typeof paymentLookupSchema>
