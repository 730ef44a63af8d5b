import type { Priority } from './scheduler-types'

export interface Waiting {
  priority: Priority
  scheduledAt: number
  start(queuedMs: number, rateBound: boolean): void
}

// Lanes in the order they are served: a retry goes ahead of first attempts of its priority.
type Lane = 'interactive-retry' | 'interactive' | 'batch-retry' | 'batch'
const laneOrder: readonly Lane[] = ['interactive-retry', 'interactive', 'batch-retry', 'batch']

/** The scheduler's four FIFO queues: interactive before batch, a retry before first attempts. */
export class Lanes {
  readonly #lanes: Record<Lane, Waiting[]> = { 'interactive-retry': [], interactive: [], 'batch-retry': [], batch: [] }

  push(item: Waiting, retry: boolean): void {
    this.#lanes[laneOf(item.priority, retry)].push(item)
  }

  /** Takes `item` out if it is still waiting; false when it had already started. */
  remove(item: Waiting, retry: boolean): boolean {
    const lane = this.#lanes[laneOf(item.priority, retry)]
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

  count(priority: Priority): number {
    return this.#lanes[laneOf(priority, true)].length + this.#lanes[laneOf(priority, false)].length
  }
}

function laneOf(priority: Priority, retry: boolean): Lane {
  return retry ? `${priority}-retry` : priority
}
