import type { SentAs } from './pacing'
import type { Priority } from './scheduler-types'

/** What a task waited for before it started: a token (the rate), a place in flight (the learnt cap). */
export interface Bound {
  rateBound: boolean
  slotBound: boolean
  /** The share of the rate it went at: batch work goes at the rate less the headroom. */
  share: number
  /** The rate (req/s, before the share) when it was sent: the rate its answer tests. */
  rateAtSend: number
  /** The places in flight of the learnt cap it was held to (the cap less colleagues' share), null with no cap. */
  capHeld: number | null
  /** The ms since this desk's request before it, and whether it went ahead of its token (pacing.ts). */
  sentAs: SentAs
}

export interface Waiting {
  priority: Priority
  retry: boolean
  scheduledAt: number
  sendAnyway: boolean
  answerIfPausedMs: number | undefined
  start(queuedMs: number, bound: Bound): void
  /** Takes it out of the queue for good, with this error. */
  fail(error: Error): void
}

// Lanes in the order they are served: a retry goes ahead of first attempts of its priority.
type Lane = 'interactive-retry' | 'interactive' | 'batch-retry' | 'batch'
const laneOrder: readonly Lane[] = ['interactive-retry', 'interactive', 'batch-retry', 'batch']

/** The scheduler's four FIFO queues: interactive before batch, a retry before first attempts. */
export class Lanes {
  readonly #lanes: Record<Lane, Waiting[]> = { 'interactive-retry': [], interactive: [], 'batch-retry': [], batch: [] }

  push(item: Waiting): void {
    this.#lanes[laneOf(item.priority, item.retry)].push(item)
  }

  /** Takes `item` out if it is still waiting; false when it had already started. */
  remove(item: Waiting): boolean {
    const lane = this.#lanes[laneOf(item.priority, item.retry)]
    const index = lane.indexOf(item)
    if (index < 0) return false
    lane.splice(index, 1)
    return true
  }

  /** The next task to serve, left in place. */
  peek(): Waiting | null {
    for (const lane of laneOrder) {
      const item = this.#lanes[lane][0]
      if (item) return item
    }
    return null
  }

  shift(): Waiting | null {
    for (const lane of laneOrder) {
      const item = this.#lanes[lane].shift()
      if (item) return item
    }
    return null
  }

  /** Tasks that would rather be told than wait `waitMs` behind a pause fail at once with `error`, which says why. */
  answerHeld(waitMs: number, error: Error): void {
    const answered = this.#takeAll((item) => !item.sendAnyway && item.answerIfPausedMs !== undefined && waitMs > item.answerIfPausedMs)
    for (const item of answered) item.fail(error)
  }

  /** The first task the user chose to send anyway, taken out. */
  takeSentAnyway(): Waiting | null {
    return this.#takeAll((item) => item.sendAnyway)[0] ?? null
  }

  #takeAll(test: (item: Waiting) => boolean): Waiting[] {
    const taken: Waiting[] = []
    for (const lane of laneOrder) {
      const kept: Waiting[] = []
      for (const item of this.#lanes[lane]) (test(item) ? taken : kept).push(item)
      this.#lanes[lane] = kept
    }
    return taken
  }

  count(priority: Priority): number {
    return this.#lanes[laneOf(priority, true)].length + this.#lanes[laneOf(priority, false)].length
  }
}

function laneOf(priority: Priority, retry: boolean): Lane {
  return retry ? `${priority}-retry` : priority
}
