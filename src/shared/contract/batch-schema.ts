import { z } from 'zod'
import { errorCodes } from '../app-error'
import { defaultAccount } from '../accounts'
import { accountSchema } from './account-schema'
import { environmentIds } from '../environments'

export const retryableSchema = z.enum(['yes', 'no', 'depends', 'later'])

/** One looked-up ID: every ID of a finished run has exactly one. */
export const batchResultSchema = z.object({
  id: z.string(),
  outcome: z.enum(['found', 'not-found', 'error']),
  paymentStatus: z.string().nullable(),
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  /** The decline code of a failed last attempt. */
  errorCode: z.string().nullable(),
  retryable: retryableSchema.nullable(),
  attemptedAt: z.string().nullable(),
  customerEmail: z.string().nullable(),
  /** Why the lookup itself failed, for outcome 'error'. */
  failure: z.object({ code: z.enum(errorCodes), message: z.string() }).nullable(),
  at: z.number(),
})

export type BatchResult = z.infer<typeof batchResultSchema>

/** What a re-run takes from the run it came from: its lookup errors, its not-found IDs, or its retryable declines. */
export const rerunKinds = ['errors', 'not-found', 'retryable'] as const
export type RerunKind = (typeof rerunKinds)[number]

export const batchStatuses = ['running', 'paused', 'interrupted', 'completed', 'cancelled'] as const

export const batchJobSchema = z.object({
  id: z.string(),
  label: z.string(),
  environment: z.enum(environmentIds),
  /** The account it runs in; jobs from before accounts ran in Default. */
  account: accountSchema.default({ ...defaultAccount }),
  createdAt: z.number(),
  total: z.number(),
  done: z.number(),
  status: z.enum(batchStatuses),
  /** Why a run paused on its own (a 401, say), for the user. */
  pauseReason: z.string().nullable(),
  counts: z.object({ found: z.number(), notFound: z.number(), error: z.number(), failedPayments: z.number() }),
  rateLimited: z.number(),
  /** The run this one re-runs part of; absent on a run started from a list (and in files from before re-runs). */
  rerunOf: z.object({ jobId: z.string(), label: z.string(), only: z.enum(rerunKinds) }).optional(),
})

export type BatchJob = z.infer<typeof batchJobSchema>

export const batchProgressSchema = batchJobSchema.extend({
  ratePerSecond: z.number(),
  etaSeconds: z.number().nullable(),
  pausedUntil: z.number().nullable(),
})

export type BatchProgress = z.infer<typeof batchProgressSchema>

export const parsedIdListSchema = z.object({
  ids: z.array(z.string()),
  duplicates: z.number(),
  invalid: z.array(z.object({ value: z.string(), line: z.number(), reason: z.string() })),
  blankLines: z.array(z.number()),
  format: z.enum(['list', 'csv']),
  column: z.string().nullable(),
})
