/** One of this desk's requests the service counted. */
export interface Hit {
  seq: number
  sentAt: number
  answeredAt: number
}

// A log of 500 a second over a 60 s window; more is not a limit a desk paces by hit by hit.
const mostKept = 30_000

/** What a count read at one answer says of this desk's hits. */
export interface CountRead {
  /** The send number of the request whose answer carried the count. */
  sentSeq: number
  sentAt: number
  answeredAt: number
}

/**
 * This desk's requests the service counted, each with when it was sent and answered: a limit that
 * frees each hit a window after it was made (a sliding log, @nestjs/throttler's storage) gives
 * them back one by one, and only this log says when.
 */
export class OwnHits {
  readonly #hits: Hit[] = []

  add(hit: Hit): void {
    this.#hits.push(hit)
    if (this.#hits.length > mostKept) this.#hits.splice(0, this.#hits.length - mostKept)
  }

  /**
   * When each hit a count included comes back, soonest first (hits are kept in the order they were
   * answered). Only hits known to be in it: the count's own request, those answered before it was
   * sent and those sent after it (counted off as sent since), each sent less than a window before
   * the count's answer. The service counted a hit by the time it answered, so the hit is free
   * again no sooner than `windowMs` after that answer.
   */
  returns(count: CountRead, windowMs: number): number[] {
    const returns: number[] = []
    for (const hit of this.#hits) {
      const counted = hit.seq >= count.sentSeq || hit.answeredAt <= count.sentAt
      if (counted && hit.sentAt > count.answeredAt - windowMs) returns.push(hit.answeredAt + windowMs)
    }
    return returns
  }

  /** Hits answered before `before` cannot be in a count read after it a window later. */
  forget(before: number): void {
    let stale = 0
    while (stale < this.#hits.length && (this.#hits[stale]?.answeredAt ?? 0) < before) stale++
    if (stale > 0) this.#hits.splice(0, stale)
  }
}
