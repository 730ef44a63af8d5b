import { announcedAllowance } from './announced-quota'
import type { RateModel } from './rate-model'
import type { AnnouncedLimit } from './rate-limit-headers'
import type { TaskFeedback } from './scheduler-types'

// One refusal that the headers said had room may be a count a moment late, or a colleague's
// request the last count could not know of; this many is a header that announces more than the
// service allows.
const contradictionsToDistrust = 3

/**
 * Whether the service's rate-limit headers are still believed. They are caught out by a 429 that
 * counts room left (or, counting nothing, for a request their last count said would fit); once
 * caught out often enough, they are read no more, and the rate model learns the limit from the
 * answers as if nothing were announced.
 */
export class HeaderTrust {
  #contradictions = 0
  #distrusted = false

  get distrusted(): boolean {
    return this.#distrusted
  }

  /**
   * A 429 for the request sent as `sentSeq`, with what its answer announced: true when it makes
   * the headers distrusted now. A refusal that counts itself at nothing left agrees with its
   * headers, whoever spent the quota (a colleague on the key): only one that announces room
   * contradicts them. One that announces nothing is held to the last count less what was sent since.
   */
  refused(model: RateModel, sentAt: number, sentSeq: number, limits: readonly AnnouncedLimit[] = []): boolean {
    if (this.#distrusted || model.source !== 'headers') return false
    const counts = limits.flatMap(({ remaining }) => (remaining === null ? [] : [remaining]))
    const room = counts.length > 0 ? Math.min(...counts) : (announcedAllowance(model, sentAt, sentSeq - 1) ?? 0)
    if (room < 1) return false
    this.#contradictions += 1
    this.#distrusted = this.#contradictions >= contradictionsToDistrust
    return this.#distrusted
  }

  /** What an answer said, less its announcements once they are distrusted (its Retry-After still holds). */
  heard<T extends TaskFeedback | number | undefined>(feedback: T): T | TaskFeedback {
    if (!this.#distrusted || typeof feedback !== 'object') return feedback
    const rest: TaskFeedback = { ...feedback }
    delete rest.announced
    delete rest.limits
    return rest
  }
}
