import { announcedAllowance, refillRate, wholeAgainAt } from './announced-quota'
import { colleaguesShare } from './colleagues-share'
import { QuotaGate } from './quota-gate'
import type { RateModel } from './rate-model'
import type { RateTuning } from './rate-tuning'
import type { Priority } from './scheduler-types'
import { TokenBucket } from './token-bucket'
import { cappedWait } from './pauses'

/** How a request went: the ms since this desk's request before it, and whether it went ahead of its token. */
export interface SentAs {
  interactive: boolean
  gapMs: number
  early: boolean
}

/** Ms until a task may start; `header` when an announced quota is what holds it (the header that said so). */
export interface Wait {
  ms: number
  header: string | null
}

// While the limit is still sought, a tenth of a second of burst: an idle app sends a lookup at
// once, but a batch cannot fire a volley that an unseen burst allowance would punish late.
const burstSeconds = 0.1
const timerSlackMs = 2
// A lookup sent ahead of its token and refused waits out its Retry-After: at most about one in 20 is.
const earlyShare = 1 / 20
// Lookups a person makes in a window are few; a long window's reserve is never more than this many.
const lookupsKept = 1_000
// A reset read in whole seconds may be up to a second late: the true one may be this much earlier.
const resetReadEarlyMs = 990

/**
 * The driver's pacing: two token buckets (the whole rate for everyone; the rate less the
 * headroom for batch work) and the announced-quota gate, set from the model after each answer.
 */
export class Pacing {
  readonly #all: TokenBucket
  readonly #batch: TokenBucket
  readonly #tuning: RateTuning
  readonly #headroom: () => number
  #model: RateModel
  #heldBack = false
  /** When this desk's interactive lookups were sent, the last `lookupsKept` of them. */
  readonly #lookupTimes: number[] = []
  readonly #now: () => number
  #lastSentAt = Number.NEGATIVE_INFINITY
  /** The shortest time between two of this desk's requests of which the second got through. */
  #closestPassedMs = Number.POSITIVE_INFINITY
  /** A lookup sent ahead of its token has been refused: since then they go no closer than `#closestPassedMs`. */
  #earlyRefused = false
  /** Lookups go ahead of their token only while this is not below 0: +1/20 a lookup answered, −1 one refused for going early. */
  #earlyCredit = 0
  /** Every limit announced, each by its own count. */
  readonly gate = new QuotaGate()

  constructor(model: RateModel, tuning: RateTuning, headroom: () => number, now: () => number) {
    this.#model = model
    this.#tuning = tuning
    this.#headroom = headroom
    this.#now = now
    // One token at the start: the first answer, which may announce the limit, comes before a volley.
    this.#all = new TokenBucket({ rate: model.rate, burst: burstFor(model, model.rate), tokens: 1, now })
    const rate = this.batchRate()
    this.#batch = new TokenBucket({ rate, burst: batchBurst(model, rate), tokens: 1, now })
  }

  /** Req/s batch work goes at: the rate less the headroom (under an announced limit, the larger of the headroom and the margin). */
  batchRate(): number {
    const { limit, rate, source } = this.#model
    const tuning = this.#tuning
    if (source === 'headers' && limit !== null)
      return Math.max(tuning.floor, Math.min(rate, limit * (1 - Math.max(this.#headroom(), tuning.announcedMargin))))
    return Math.max(tuning.floor, rate * (1 - this.#headroom()))
  }

  follow(model: RateModel): void {
    this.#model = model
    this.#all.setRate(model.rate)
    this.#all.setBurst(burstFor(model, model.rate))
    const rate = this.batchRate()
    this.#batch.setRate(rate)
    this.#batch.setBurst(batchBurst(model, rate))
  }

  /**
   * How long until `priority` may start (0: now); `sentSeq` counts the requests sent so far. A
   * wait an announcement asks for is capped: no header holds a task past `maxHeaderWaitMs`.
   */
  waitFor(priority: Priority, now: number, sentSeq: number): Wait {
    const model = this.#model
    const quota = model.quota
    const allowance = announcedAllowance(model, now, sentSeq)
    // A quota that refills as it goes (a bucket: its count may never exceed a burst of 1) keeps the
    // headroom in its pace (the batch bucket); only a window that refills at its reset keeps a share.
    const reserve =
      priority === 'batch' && quota?.rolling !== true
        ? colleaguesShare(this.#headroom(), quota?.limit ?? null, this.#lookupsWithin(model.windowMs, now))
        : 0
    if (quota !== null && allowance !== null && allowance < 1 + reserve) {
      const sustained = refillRate(model)
      const refill = sustained > 0 ? ((1 + reserve - allowance) * 1000) / sustained : Number.POSITIVE_INFINITY
      const reset = (wholeAgainAt(model) ?? Number.POSITIVE_INFINITY) - now
      // The reset says when the wait ends (a refill is read from it, too): it is what to show.
      return { ms: Math.max(1, cappedWait(Math.min(refill, reset))), header: quota.said.reset ?? quota.said.remaining }
    }
    const early = this.#untilEarliestReset(allowance, now)
    if (early > 0) {
      this.#heldBack = true
      return { ms: cappedWait(early), header: quota?.said.reset ?? null }
    }
    const gated = this.gate.waitFor(priority === 'batch', this.#headroom(), now, sentSeq, (ms) => this.#lookupsWithin(ms, now))
    if (gated.ms > 0) return { ms: Math.max(1, gated.ms), header: gated.header }
    // An interactive lookup goes ahead of batch work, and keeps the pace unless the limiter has
    // shown a burst (`#untilEarly`): two requests closer than it allows are what a limiter with no
    // burst refuses. The headroom keeps a token for it. Where the service said it takes more, one
    // to spare is enough: the lookup goes now, and the batch's pace absorbs it.
    const room = this.#roomSaid(now, sentSeq)
    const spaced = room ? 0 : this.#untilSpaced(now)
    if (priority === 'interactive')
      return { ms: room ? 0 : Math.min(this.#untilEarly(now), Math.max(spaced, this.#all.timeUntilToken())), header: null }
    return { ms: Math.max(spaced, this.#all.timeUntilToken(), this.#batch.timeUntilToken()), header: null }
  }

  /** This desk's interactive lookups sent in the last `ms` (none for a window not known). */
  #lookupsWithin(ms: number | null, now: number): number {
    if (ms === null) return 0
    let count = 0
    for (let i = this.#lookupTimes.length - 1; i >= 0 && (this.#lookupTimes[i] ?? 0) > now - ms; i--) count++
    return count
  }

  /**
   * Under an announced limit, ms until the limit's own interval has passed since the last request.
   * The whole rate's bucket keeps a little more than a token against timers that fire late, and
   * after an idle moment that lets a request go that much sooner than the limit's interval after
   * the one before: what a limiter with no burst refuses. (Where the service's count says it has
   * room, or has ever said so, it has a burst, and the bucket's pace is enough.)
   */
  #untilSpaced(now: number): number {
    const { source, limit, quota } = this.#model
    if (source !== 'headers' || limit === null || this.#lastSentAt === Number.NEGATIVE_INFINITY) return 0
    // A count seen above nothing after a request is a burst of two or more: two close requests pass.
    if (quota !== null && quota.mostLeft >= 1) return 0
    return Math.max(0, this.#lastSentAt + cappedWait(1000 / limit) - now)
  }

  /**
   * Ms until a lookup may go ahead of its token, taking the next one (infinite: not at all). Once
   * a limit is learnt requests go evenly spaced, and a lookup that keeps the pace waits up to an
   * interval of it: a limiter with no burst refuses two requests closer than that. Where two of
   * this desk's requests closer than half an interval of the limit have got through, the limiter
   * keeps a burst, and while the rate holds at the limit (a probe or a cut spends the burst) a
   * lookup may go half as close to the request before it as the closest two that got through, or,
   * once one sent so has been refused, as close. After each refused, the next twenty keep the pace.
   */
  #untilEarly(now: number): number {
    if (!this.#mayGoEarly()) return Number.POSITIVE_INFINITY
    const gap = this.#earlyRefused ? this.#closestPassedMs : this.#closestPassedMs / 2
    return Math.max(this.#all.timeUntilBorrow(), this.#lastSentAt + gap - now)
  }

  #mayGoEarly(): boolean {
    const { phase, okSinceCut, climb, source, limit, inFlightCap } = this.#model
    // Under a cap on requests in flight a lookup waits for a place, which is no burst's to give.
    const holding = phase === 'hold' && okSinceCut >= climb && source !== 'headers' && limit !== null && inFlightCap === null
    return holding && this.#earlyCredit >= 0 && this.#closestPassedMs < 500 / limit
  }

  /** Forget the burst shown: the limit is learnt again from nothing. */
  relearn(): void {
    this.#closestPassedMs = Number.POSITIVE_INFINITY
    this.#earlyRefused = false
    this.#earlyCredit = 0
  }

  /**
   * Until the service has shown it refills, the quota left may be all there is until the reset
   * (a fixed window) or refill as it goes (a sliding log): the last of it waits until the
   * earliest the reset can be, so that its answer tells the two apart.
   */
  #untilEarliestReset(allowance: number | null, now: number): number {
    const model = this.#model
    if (allowance === null || model.quota === null || model.quota.refillSeen || model.quota.resetAt === null) return 0
    if (allowance >= 2) return 0
    const early = model.quota.resetAt - resetReadEarlyMs - now
    return early > 0 ? Math.ceil(early) : 0
  }

  /**
   * The last answers' counts, less what was sent since, leave one for every limit announced. No
   * refill is assumed, nor a reset that should have come: a reset read in whole seconds may be late.
   */
  #roomSaid(now: number, sentSeq: number): boolean {
    const { source, quota } = this.#model
    if (source !== 'headers' || quota?.remaining == null || (quota.resetAt !== null && now >= quota.resetAt)) return false
    return quota.remaining - (sentSeq - quota.sentSeq) >= 1 && this.gate.leftNow(now, sentSeq) >= 1
  }

  /** Takes a token for `priority` (`anyway`: the user sent it past a pause); what it was sent as, for `answered`. */
  take(priority: Priority, anyway = false): SentAs {
    const now = this.#now()
    const interactive = priority === 'interactive'
    const sent = {
      interactive,
      gapMs: now - this.#lastSentAt,
      early: interactive && !anyway && this.#all.tokens() < 1 && this.#mayGoEarly(),
    }
    // What accrued while the last of the quota was held back would follow it as a volley.
    if (this.#heldBack) this.empty()
    this.#heldBack = false
    this.#lastSentAt = now
    if (priority === 'interactive') {
      this.#lookupTimes.push(this.#lastSentAt)
      if (this.#lookupTimes.length > lookupsKept) this.#lookupTimes.shift()
    }
    if (!this.#all.take()) this.#all.borrow()
    if (priority === 'batch' && !this.#batch.take()) this.#batch.borrow()
    return sent
  }

  answered(sent: SentAs, outcome: 'ok' | 'rate-limited'): void {
    if (outcome === 'ok') {
      // A clock stepped back shows no burst.
      if (sent.gapMs >= 0) this.#closestPassedMs = Math.min(this.#closestPassedMs, sent.gapMs)
      if (sent.interactive) this.#earlyCredit = Math.min(0, this.#earlyCredit + earlyShare)
    } else if (sent.early) {
      this.#earlyRefused = true
      this.#earlyCredit = Math.max(-1, this.#earlyCredit - 1)
    }
  }

  /** Tokens stored up (during a pause, at a rate just found too high) would go out as one volley. */
  empty(): void {
    this.#all.empty()
    this.#batch.empty()
  }

  /** For the Requests view: a borrowed token shows as none left rather than as a debt. */
  tokens(): { tokens: number; burst: number } {
    return { tokens: Math.max(0, this.#all.tokens()), burst: this.#all.burst }
  }
}

/**
 * An interactive lookup that goes ahead takes the whole rate's next token, and batch work waits it
 * out. Under an announced limit the batch keeps that token and spends it when the whole rate has
 * one to spare, so lookups come out of the headroom, not out of the batch. A learnt rate may be a
 * probe above the limit: there the batch does not catch up at it.
 */
function batchBurst(model: RateModel, rate: number): number {
  return burstFor(model, rate) + (model.source === 'headers' ? 1 : 0)
}

function burstFor(model: RateModel, rate: number): number {
  // Once a 429 has been met, requests go evenly spaced: a limiter with no burst refuses two
  // closer than its interval, and a windowed one counts every request of a window. The 2 ms of
  // tokens more keep what a timer rounded up to a whole millisecond would lose.
  if (model.limit !== null) return 1 + (rate * timerSlackMs) / 1000
  return Math.max(1, rate * burstSeconds)
}
