import { z } from 'zod'
import { environmentIds } from '../environments'

/** An endpoint registered from this app. The secret itself stays in the keychain. */
export const localEndpointSchema = z.object({
  id: z.string(),
  /** The ID the service gave it, when its answer had one. */
  serviceId: z.string().nullable(),
  url: z.string(),
  environment: z.enum(environmentIds),
  connect: z.boolean(),
  createdAt: z.number(),
  /** SHA-256 of the secret, shortened: tells secrets apart without revealing them. */
  fingerprint: z.string(),
  secretStored: z.boolean(),
  revealedAt: z.number().nullable(),
})

export type LocalEndpoint = z.infer<typeof localEndpointSchema>

/**
 * The service's answer to POST /api/webhook: the secret is the one published field. An
 * `id` is kept when it is a string; any other value is not the app's to judge.
 */
export const webhookRegistrationSchema = z.object({
  secret: z.string().min(1),
  id: z.string().nullish().catch(null),
})

export const signatureCauses = [
  'valid',
  'missing-headers',
  'malformed-id',
  'malformed-timestamp',
  'malformed-signature',
  'timestamp-too-old',
  'timestamp-in-future',
  'signature-as-secret',
  'malformed-secret',
  'body-reformatted',
  'no-match',
] as const

export const signatureCheckRequestSchema = z.object({
  body: z.string().max(5_000_000),
  hookId: z.string().max(1_000),
  hookTimestamp: z.string().max(100),
  hookSignature: z.string().max(10_000),
  secret: z.union([z.object({ endpointId: z.string().max(100) }), z.object({ value: z.string().max(1_000) })]),
  ignoreTimestamp: z.boolean(),
})

export const signatureCheckResultSchema = z.object({
  valid: z.boolean(),
  cause: z.enum(signatureCauses),
  message: z.string(),
  skewSeconds: z.number().nullable(),
})

export type SignatureCheckRequest = z.infer<typeof signatureCheckRequestSchema>
export type SignatureCheckResult = z.infer<typeof signatureCheckResultSchema>

/** A delivery as the local sandbox reports it (sandbox-only: the real API has no such list). */
export const sandboxDeliverySchema = z.object({
  id: z.string(),
  hookId: z.string(),
  endpointId: z.string(),
  eventType: z.string(),
  paymentId: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.array(
    z.object({
      attempt: z.number(),
      startedAt: z.string(),
      hookTimestamp: z.number(),
      durationMs: z.number(),
      statusCode: z.number().nullable(),
      error: z.string().nullable(),
    }),
  ),
  nextAttemptAt: z.string().nullable(),
})

export type SandboxDelivery = z.infer<typeof sandboxDeliverySchema>

export const testEventTypes = ['payment.failed', 'payment.settled'] as const
