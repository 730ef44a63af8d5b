import { z } from 'zod'

export const schedulerStateSchema = z.object({
  rate: z.number(),
  ceiling: z.number(),
  learnedLimit: z.number().nullable(),
  tokens: z.number(),
  burst: z.number(),
  concurrency: z.number(),
  inFlight: z.number(),
  queued: z.object({ interactive: z.number(), batch: z.number(), total: z.number() }),
  pausedUntil: z.number().nullable(),
})

export const schedulerConfigSchema = z.object({
  ceiling: z.number().min(1).max(1_000),
  concurrency: z.number().int().min(1).max(64),
})

export type SchedulerStateView = z.infer<typeof schedulerStateSchema>
export type SchedulerConfigView = z.infer<typeof schedulerConfigSchema>
