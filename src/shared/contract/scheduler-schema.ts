import { z } from 'zod'

/** The lowest ceiling the settings take (req/s): no setting, and no memory of a limit, starts the throttle below it. */
export const lowestCeiling = 1

/** The user's ceiling, wherever it is set (settings, policy, the Requests screen). */
export const ceilingSchema = z.number().min(lowestCeiling).max(1_000)

export const schedulerStateSchema = z.object({
  rate: z.number(),
  ceiling: z.number(),
  learnedLimit: z.number().nullable(),
  /** 'headers': announced by the service; 'probing': learnt from its 429s; 'none': nothing yet. */
  limitSource: z.enum(['none', 'probing', 'headers']),
  windowMs: z.number().nullable(),
  phase: z.enum(['discover', 'hold', 'probe']),
  /** Most requests in flight, learnt from 429s; null while none has shown a cap. */
  inFlightCap: z.number().nullable(),
  /** Of that cap, the places this desk takes; the rest is left to colleagues on the key. */
  inFlightHeld: z.number().nullable(),
  /** Epoch ms the limit this desk started from was learnt, in an earlier run; null once an answer has moved it. */
  resumedFrom: z.number().nullable(),
  headroom: z.number(),
  batchRate: z.number(),
  tokens: z.number(),
  burst: z.number(),
  concurrency: z.number(),
  inFlight: z.number(),
  queued: z.object({ interactive: z.number(), batch: z.number(), total: z.number() }),
  pausedUntil: z.number().nullable(),
  /** A wait the service asked for in a header, longer than a few seconds: why, and the header as sent. */
  pause: z.object({ until: z.number(), reason: z.enum(['retry-after', 'outage', 'quota']), header: z.string().max(4_200) }).nullable(),
  /** The service's rate-limit headers announced more than it allowed, and are no longer read. */
  headersDistrusted: z.boolean(),
  /** Every limit the service announced (policies, named throttlers), with what is left of each. */
  announced: z
    .array(
      z.object({
        name: z.string().max(80),
        limit: z.number().nullable(),
        windowMs: z.number().nullable(),
        remaining: z.number(),
        resetAt: z.number().nullable(),
      }),
    )
    .max(32),
})

export const schedulerConfigSchema = z.object({
  ceiling: ceilingSchema,
  concurrency: z.number().int().min(1).max(64),
  /** Fraction of the limit batch work leaves to colleagues on the same key (0 to 0.5). */
  headroom: z.number().min(0).max(0.5),
})

export type SchedulerStateView = z.infer<typeof schedulerStateSchema>
export type SchedulerConfigView = z.infer<typeof schedulerConfigSchema>
