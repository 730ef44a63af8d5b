import type { Pause } from './pauses'
import type { AnnouncedLimit } from './rate-limit-headers'
import type { LimitSource, Phase } from './rate-model'
import type { SchedulerConfig } from './scheduler-config'

export type Priority = 'interactive' | 'batch'

/** What the service said: 'ok' is any answer that was not a 429 (a 404 counts), 'error' a 5xx or no answer. */
export type Outcome = 'ok' | 'rate-limited' | 'error'

export interface TaskContext {
  /** Time between `schedule()` and the start of the task, for the request log. */
  readonly queuedMs: number
  readonly signal: AbortSignal | undefined
  /** Call once, when the response (or its absence) is known. Later calls are ignored. A bare number is a Retry-After in ms. */
  report(outcome: Outcome, feedback?: TaskFeedback | number): void
}

/** What the answer said about the limit, beyond its status. */
export interface TaskFeedback {
  /** A Retry-After, on a 429 or a 5xx (an outage: a pause that touches no estimate). */
  retryAfterMs?: number
  /** The Retry-After header as sent, to show what caused the pause. */
  retryAfterHeader?: string
  /** The rate-limit headers of the answer, read by readRateLimitHeaders. */
  announced?: AnnouncedLimit | null
  /** Every limit the answer announced (readAnnouncedLimits), each held by its own count. */
  limits?: readonly AnnouncedLimit[]
}

export interface ScheduleOptions {
  priority: Priority
  /**
   * A second or later attempt (after a 429, say): it goes ahead of first attempts of the
   * same priority, so a retried lookup keeps its place instead of rejoining the back of
   * a long batch, where its retry budget would run out.
   */
  retry?: boolean
  /** Cancels the task while it waits. Once it runs, the task itself must honour it. */
  signal?: AbortSignal
  /** Goes now, past any pause or announced quota (the user chose to send it anyway); only the concurrency cap holds it. */
  sendAnyway?: boolean
  /** Behind a pause longer than this, the task is not kept waiting: it fails at once with 'service-asked-to-wait'. */
  answerIfPausedMs?: number
  /** Waiting longer than this in the queue, the task fails with 'timeout' and is never sent. */
  deadlineMs?: number
}

export interface SchedulerState {
  rate: number
  ceiling: number
  /** The rate the last 429 came at, or the announced limit (req/s); null before either. */
  learnedLimit: number | null
  /** Where the estimate came from: the service's rate-limit headers, or 429s met while probing. */
  limitSource: LimitSource
  /** The service's window in ms, when announced. */
  windowMs: number | null
  phase: Phase
  /** Most requests in flight, learnt from 429s (a service that caps them), or null while none has shown a cap. */
  inFlightCap: number | null
  /** Of that cap, the places this desk takes: the headroom's share of it is left to colleagues (null with no cap). */
  inFlightHeld: number | null
  /** When the limit or cap this desk started from was learnt, in an earlier run; null once a 429 or the headers have spoken. */
  resumedFrom: number | null
  /** Fraction of the limit batch work leaves to colleagues on the same key. */
  headroom: number
  /** Req/s batch work is paced at (the rate less the headroom). */
  batchRate: number
  tokens: number
  burst: number
  concurrency: number
  inFlight: number
  queued: { interactive: number; batch: number; total: number }
  /** Epoch ms while a pause holds every task, else null. */
  pausedUntil: number | null
  /** A wait the service asked for in a header, longer than a few seconds, with what asked for it. */
  pause: Pause | null
  /** Every limit the service announced, with what is left of each now. */
  /** The service's rate-limit headers were caught announcing more than it allows: they are no longer read. */
  headersDistrusted: boolean
  announced: { name: string; limit: number | null; windowMs: number | null; remaining: number; resetAt: number | null }[]
}

export interface Scheduler {
  schedule<T>(task: (ctx: TaskContext) => Promise<T>, options: ScheduleOptions): Promise<T>
  state(): SchedulerState
  config(): SchedulerConfig
  configure(patch: Partial<SchedulerConfig>): void
  onState(listener: (state: SchedulerState) => void): () => void
}
