/**
 * A cap on each key's requests in flight, as a service that limits concurrency has (0 turns it
 * off): a request over it is refused with a 429 that says nothing of when to come back.
 */
export class InFlightLimit {
  readonly #inFlight = new Map<string, number>()

  constructor(private limit: number) {}

  get config(): { limit: number } {
    return { limit: this.limit }
  }

  configure(limit: number): void {
    this.limit = limit
  }

  /** Takes a place for `key`, or says there is none. */
  enter(key: string): boolean {
    const count = this.#inFlight.get(key) ?? 0
    if (this.limit > 0 && count >= this.limit) return false
    this.#inFlight.set(key, count + 1)
    return true
  }

  leave(key: string): void {
    const count = (this.#inFlight.get(key) ?? 1) - 1
    if (count <= 0) this.#inFlight.delete(key)
    else this.#inFlight.set(key, count)
  }
}
