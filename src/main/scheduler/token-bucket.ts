export interface TokenBucketOptions {
  /** Tokens added per second. */
  rate: number
  /** Most tokens the bucket holds. */
  burst: number
  /** Milliseconds; any clock that only moves forward in normal operation. */
  now: () => number
  /** Defaults to a full bucket, so the first request after start goes at once. */
  tokens?: number
}

export class TokenBucket {
  #rate: number
  #burst: number
  #tokens: number
  #updatedAt: number
  readonly #now: () => number

  constructor(options: TokenBucketOptions) {
    assertPositive('rate', options.rate)
    assertPositive('burst', options.burst)
    this.#rate = options.rate
    this.#burst = options.burst
    this.#now = options.now
    this.#tokens = Math.min(options.tokens ?? options.burst, options.burst)
    this.#updatedAt = options.now()
  }

  get rate(): number {
    return this.#rate
  }

  get burst(): number {
    return this.#burst
  }

  tokens(): number {
    this.#refill()
    return this.#tokens
  }

  take(): boolean {
    this.#refill()
    if (this.#tokens < 1) return false
    this.#tokens -= 1
    return true
  }

  /**
   * Takes a token that has not been earned yet, at most one ahead: an interactive lookup
   * starts at once and the batch work behind it waits the token out instead.
   */
  borrow(): boolean {
    this.#refill()
    if (this.#tokens < 0) return false
    this.#tokens -= 1
    return true
  }

  /** Milliseconds until `borrow()` can succeed (the last borrowed token is earned); 0 when it can now. */
  timeUntilBorrow(): number {
    this.#refill()
    return this.#tokens >= 0 ? 0 : (-this.#tokens * 1000) / this.#rate
  }

  /** Milliseconds until `take()` can succeed; 0 when it can now. */
  timeUntilToken(): number {
    this.#refill()
    if (this.#tokens >= 1) return 0
    return ((1 - this.#tokens) * 1000) / this.#rate
  }

  setRate(rate: number): void {
    assertPositive('rate', rate)
    // Tokens earned so far were earned at the old rate.
    this.#refill()
    this.#rate = rate
  }

  setBurst(burst: number): void {
    assertPositive('burst', burst)
    this.#refill()
    this.#burst = burst
    this.#tokens = Math.min(this.#tokens, burst)
  }

  empty(): void {
    this.#refill()
    this.#tokens = 0
  }

  #refill(): void {
    const now = this.#now()
    // A wall clock can step back (NTP, manual change): earn nothing rather than lose tokens.
    const elapsed = Math.max(0, now - this.#updatedAt)
    this.#tokens = Math.min(this.#burst, this.#tokens + (elapsed * this.#rate) / 1000)
    this.#updatedAt = now
  }
}

function assertPositive(name: string, value: number): void {
  if (!(Number.isFinite(value) && value > 0)) {
    throw new RangeError(`Token bucket ${name} must be a positive finite number, got ${String(value)}`)
  }
}
