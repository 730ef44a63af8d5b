import { countWentUp, keptReset } from './announced-quota'
import { colleaguesShare } from './colleagues-share'
import { OwnHits } from './own-hits'
import { cappedWait } from './pauses'
import type { AnnouncedLimit } from './rate-limit-headers'

/** One announced limit as last read, for the quota gate and the Requests view. */
interface GateEntry {
  key: string
  name: string | null
  limit: number | null
  windowMs: number | null
  remaining: number
  /** Epoch ms, capped like any wait a header asks for. */
  resetAt: number | null
  /** The request whose answer carried the count: its send number, when it went and when it came back. */
  sentSeq: number
  sentAt: number
  answeredAt: number
  /** The longest reset read, capped: a window at least this long, when none is announced. */
  longestResetMs: number
  /**
   * The count has come back, but not whole less what was sent since: not a fixed window, which is
   * whole again at its reset, but a limit that frees hits as they age (a sliding log, a bucket).
   * Its reset may say nothing of the count: @nestjs/throttler's restarts at the first hit after
   * the last lapsed.
   */
  rolling: boolean
  said: AnnouncedLimit['said']
}

/** What the entry's last answer left, less what was sent since. */
function leftOf(entry: GateEntry, sentSeq: number): number {
  return entry.remaining - (sentSeq - entry.sentSeq)
}

/** The window a limit counts in: announced, or its longest reset in the whole seconds resets are read in. */
function windowOf(entry: GateEntry): number | null {
  if (entry.windowMs !== null) return entry.windowMs
  return entry.longestResetMs > 0 ? Math.ceil(entry.longestResetMs / 1_000) * 1_000 : null
}

/** When a request was sent and answered, and whether the service counted it (a refused one is not, by the libraries that refuse before counting). */
export interface Answered {
  at: number
  sentAt: number
  counted: boolean
}

/**
 * Every limit the service announced (several policies, named throttlers), each held by its own
 * count: a request goes only when each would still take it, so a short window is never
 * overrun while the rate model paces by the longest, and a long one is seen coming. A fixed
 * window's count is whole again at its reset; a rolling one's comes back as this desk's own hits
 * age out of it, a window after each (OwnHits).
 */
export class QuotaGate {
  readonly #entries = new Map<string, GateEntry>()
  readonly #hits = new OwnHits()

  learn(limits: readonly AnnouncedLimit[], { at, sentAt, counted }: Answered, sentSeq: number): void {
    if (limits.length > 0 && counted) this.#hits.add({ seq: sentSeq, sentAt, answeredAt: at })
    for (const announced of limits) {
      const key = announced.name ?? announced.source
      const previous = this.#entries.get(key)
      if (announced.remaining === null || (previous !== undefined && previous.sentSeq > sentSeq)) continue
      const readMs = announced.resetMs === null ? null : cappedWait(announced.resetMs)
      const read = readMs === null ? null : at + readMs
      const wentUp = previous !== undefined && countWentUp(previous.remaining, previous.sentSeq, announced.remaining, sentSeq)
      // A fixed window that began since the last count has counted at most what was sent since.
      const wholeAgain =
        previous !== undefined && announced.limit !== null && announced.remaining >= announced.limit - (sentSeq - previous.sentSeq)
      const entry: GateEntry = {
        key,
        name: announced.name ?? null,
        limit: announced.limit,
        windowMs: announced.windowMs,
        remaining: announced.remaining,
        resetAt: keptReset(previous?.resetAt, read, wentUp),
        sentSeq,
        sentAt,
        answeredAt: at,
        longestResetMs: Math.max(previous?.longestResetMs ?? 0, readMs ?? 0),
        rolling: (previous?.rolling ?? false) || (wentUp && announced.limit !== null && !wholeAgain),
        said: announced.said,
      }
      this.#entries.set(key, entry)
    }
    // A count read within the last window or so is the oldest any entry holds.
    let longest = 0
    for (const entry of this.#entries.values()) longest = Math.max(longest, windowOf(entry) ?? 0)
    this.#hits.forget(at - 2 * longest)
  }

  /**
   * Ms until the entry would take `need` more (0: it would now): its last count, less what was
   * sent since; a fixed window's whole again at its reset; a rolling one's plus this desk's hits
   * as each ages out of it, or at its reset when those are too few to say (a colleague's hits).
   */
  #msUntil(entry: GateEntry, now: number, sentSeq: number, need: number): number {
    const left = leftOf(entry, sentSeq)
    if (left >= need) return 0
    const reset = entry.resetAt === null ? 0 : Math.max(0, entry.resetAt - now)
    const window = windowOf(entry)
    if (!entry.rolling || window === null) return reset
    const returns = this.#hits.returns(entry, window)
    const back = returns.filter((at) => at <= now).length
    const short = need - left - back
    if (short <= 0) return 0
    const due = returns[back + short - 1]
    return due !== undefined ? due - now : reset
  }

  /**
   * Ms until every announced count would take one more (batch keeps `headroom` of each for
   * colleagues, less the desk's own lookups of the last window: `lookupsWithin`), with the header
   * that holds it.
   */
  waitFor(
    batch: boolean,
    headroom: number,
    now: number,
    sentSeq: number,
    lookupsWithin: (ms: number | null) => number,
  ): { ms: number; header: string | null } {
    let wait = { ms: 0, header: null as string | null }
    // One limit alone is the rate model's quota (learnQuota), which also knows when it refills as it goes.
    if (this.#entries.size < 2) return wait
    for (const entry of this.#entries.values()) {
      const reserve = batch ? colleaguesShare(headroom, entry.limit, lookupsWithin(entry.windowMs)) : 0
      const ms = this.#msUntil(entry, now, sentSeq, 1 + reserve)
      if (ms > wait.ms) wait = { ms: cappedWait(ms), header: entry.said.reset ?? entry.said.remaining }
    }
    return wait
  }

  /** The fewest left of any announced count by its last answer, assuming no refill (none once a reset is due: it may come late); Infinity with none. */
  leftNow(now: number, sentSeq: number): number {
    let least = Number.POSITIVE_INFINITY
    for (const entry of this.#entries.values()) {
      const left = entry.resetAt !== null && now >= entry.resetAt ? 0 : leftOf(entry, sentSeq)
      least = Math.min(least, left)
    }
    return least
  }

  clear(): void {
    this.#entries.clear()
  }

  /** What is left of each, now, by the last answer less what was sent since (a fixed window whole again after its reset). */
  view(
    now: number,
    sentSeq: number,
  ): { name: string; limit: number | null; windowMs: number | null; remaining: number; resetAt: number | null }[] {
    return [...this.#entries.values()].map((entry) => {
      const due = entry.resetAt !== null && now >= entry.resetAt
      const whole = due && !entry.rolling && entry.limit !== null
      // A rolling count by its last answer alone: reading the hits back on every state snapshot (each answer) would cost a window's worth of them each time.
      const remaining = whole ? (entry.limit ?? 0) : Math.max(0, leftOf(entry, sentSeq))
      return { name: entry.key, limit: entry.limit, windowMs: entry.windowMs, remaining, resetAt: due ? null : entry.resetAt }
    })
  }
}
