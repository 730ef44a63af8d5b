import { timerDelay } from './pauses'

/**
 * Runs the scheduler's release pass now, or at the one time it next has work to start: a single
 * timer, never set past what setTimeout holds. Re-entrant calls (a task that reports at once, an
 * abort) only ask for another pass.
 */
export class Pump {
  #timer: ReturnType<typeof setTimeout> | undefined
  #due = 0
  #running = false
  #again = false

  constructor(
    private readonly release: () => void,
    private readonly afterTimer: () => void,
    private readonly now: () => number,
  ) {}

  run(): void {
    if (this.#running) {
      this.#again = true
      return
    }
    this.#running = true
    try {
      do {
        this.#again = false
        this.#cancel()
        this.release()
      } while (this.#again as boolean)
    } finally {
      this.#running = false
    }
  }

  /** Another pass in `delayMs` (whole milliseconds, at least one, so the clock has moved when it fires). */
  wakeIn(delayMs: number): void {
    const due = this.now() + timerDelay(delayMs)
    if (this.#timer !== undefined && this.#due <= due) return
    this.#cancel()
    this.#due = due
    this.#timer = setTimeout(() => {
      this.#timer = undefined
      this.run()
      this.afterTimer()
    }, due - this.now())
  }

  #cancel(): void {
    clearTimeout(this.#timer)
    this.#timer = undefined
  }
}
