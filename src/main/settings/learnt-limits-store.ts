import { join } from 'node:path'
import { z } from 'zod'
import { isAppError } from '../../shared/app-error'
import { readJsonFile, writeJsonFile } from '../storage/json-file'
import { createSerialQueue } from '../storage/serial-queue'
import type { LearntLimit } from '../scheduler/rate-model'
import { lowestCeiling } from '../../shared/contract/scheduler-schema'

/** A limit learnt longer ago than this is not started from: the service's may have changed, and learning it again costs seconds. */
export const learntLimitKeptMs = 7 * 24 * 3_600_000
// Accounts are few; a file edited to hold millions is read no further than this.
const mostKept = 500
// A learnt time this far ahead of the clock is a clock set back, or an edited file: not trusted.
const clockSkewMs = 24 * 3_600_000

const entrySchema = z.object({
  /** The service the limit was learnt on: a limit is the service's, not the account name's. */
  service: z.string().max(2_048),
  limit: z.number().positive().max(1e6).nullable(),
  inFlightCap: z.number().int().min(1).max(10_000).nullable(),
  // Absent from files written before it was kept.
  reached: z.number().positive().max(1e6).nullable().optional(),
  learntAt: z.number().int().nonnegative(),
})
const fileSchema = z.object({ version: z.literal(1), accounts: z.record(z.string().max(300), entrySchema) })

type Entry = z.infer<typeof entrySchema>

/**
 * learnt-limits.json in the data folder: per account, the limit and cap on requests in flight the
 * throttle last learnt from 429s (or, with no limit met, the rate it reached), so the next start
 * of the app begins there instead of learning it again (a cold start doubles from 20/s and meets
 * 429s on the way). Only a hint: the law corrects it from the first answers, and a file that
 * cannot be read is set aside and forgotten.
 */
export class LearntLimitsStore {
  private entries = new Map<string, Entry>()
  private readonly writes = createSerialQueue()
  private dirty = false

  constructor(private readonly dataDir: string) {}

  get path(): string {
    return join(this.dataDir, 'learnt-limits.json')
  }

  /** A notice for the user when the file was unreadable (it is then started without), else null. */
  async load(): Promise<string | null> {
    try {
      const read = await readJsonFile(this.path, fileSchema)
      const kept = read.kind === 'ok' ? Object.entries(read.value.accounts).slice(0, mostKept) : []
      this.entries = new Map(kept)
      return read.kind === 'corrupt'
        ? `The throttle's learnt limits could not be read and were moved aside as ${read.movedTo}; each account learns its limit again.`
        : null
    } catch (error) {
      if (!isAppError(error)) throw error
      return `${error.message} Each account learns its limit again.`
    }
  }

  /** What was learnt for `account` on `service`, if recent enough to start from. */
  recall(account: string, service: string, now: number): LearntLimit | null {
    const entry = this.entries.get(account)
    if (service === '' || entry === undefined || entry.service !== service) return null
    if (entry.learntAt > now + clockSkewMs || now - entry.learntAt > learntLimitKeptMs) return null
    const reached = entry.reached ?? null
    if (entry.limit === null && entry.inFlightCap === null && reached === null) return null
    // A file edited to say 0.000001/s would hold every lookup for minutes: a start never goes below
    // what the settings allow. A limit truly lower is found again by the first 429.
    const atLeastLowest = (rate: number | null) => (rate === null ? null : Math.max(lowestCeiling, rate))
    return {
      limit: atLeastLowest(entry.limit),
      inFlightCap: entry.inFlightCap,
      reached: atLeastLowest(reached),
      learntAt: Math.min(entry.learntAt, now),
    }
  }

  /** Kept in memory at once; written by `save`. */
  remember(account: string, service: string, learnt: LearntLimit): void {
    if (service === '') return
    const entry = {
      service,
      limit: learnt.limit,
      inFlightCap: learnt.inFlightCap,
      reached: learnt.reached,
      learntAt: Math.round(learnt.learntAt),
    }
    const before = this.entries.get(account)
    const same = before?.limit === entry.limit && before.inFlightCap === entry.inFlightCap && (before.reached ?? null) === entry.reached
    if (before?.service === service && same) return
    if (!this.entries.has(account) && this.entries.size >= mostKept) {
      const oldest = [...this.entries].sort((a, b) => a[1].learntAt - b[1].learntAt)[0]
      if (oldest) this.entries.delete(oldest[0])
    }
    this.entries.set(account, entry)
    this.dirty = true
  }

  /** Writes what changed since the last save; a failed write is left for the next. */
  async save(): Promise<void> {
    if (!this.dirty) return
    this.dirty = false
    const snapshot = { version: 1 as const, accounts: Object.fromEntries(this.entries) }
    try {
      await this.writes.run(() => writeJsonFile(this.path, snapshot))
    } catch (error) {
      this.dirty = true
      throw error
    }
  }
}
