import {
  announce,
  fixedWindow,
  slidingLog,
  switchAt,
  tokenBucket,
  withoutRetryAfter,
  type AnnounceStyle,
  type Limiter,
  type QuotaLimiter,
} from './limiters'

/**
 * The limiter shapes the scheduler must reach the ceiling of, shared by the virtual-time tests
 * and `npm run bench -- shapes`. Each names the sustained limit over time, so "ideal" is the
 * time a client sending at exactly that limit would need for the same lookups.
 */
export interface LimiterRun {
  name: string
  make: () => Limiter
  /** The service's time to answer an admitted request, ms. */
  latencyMs: number
  /** Up to this many ms more per admitted answer, drawn evenly from a seeded generator. */
  latencyJitterMs?: number
  lookups: number
  /** Sustained limit (req/s) as a function of ms since the first request. */
  limitAt: (elapsedMs: number) => number
}

/** A limiter of the catalogue: it can also say where it stands, so it can announce it. */
export interface LimiterShape extends LimiterRun {
  make: () => QuotaLimiter
}

const rise = { from: 20, to: 80, atMs: 4_000 }
const drop = { from: 60, to: 20, atMs: 6_000 }

export const limiterShapes: readonly LimiterShape[] = [
  { name: 'token-bucket-50-burst-50', make: () => tokenBucket({ rate: 50, burst: 50 }), latencyMs: 5, lookups: 750, limitAt: () => 50 },
  {
    name: 'fixed-window-100-per-2s',
    make: () => fixedWindow({ limit: 100, windowMs: 2_000 }),
    latencyMs: 5,
    lookups: 700,
    limitAt: () => 50,
  },
  {
    name: 'sliding-log-25-per-1s-retry-after-1',
    make: () => slidingLog({ limit: 25, windowMs: 1_000, retryAfterSeconds: 1 }),
    latencyMs: 5,
    lookups: 450,
    limitAt: () => 25,
  },
  {
    name: 'no-retry-after-20-burst-1',
    make: () => withoutRetryAfter(tokenBucket({ rate: 20, burst: 1 })),
    latencyMs: 5,
    lookups: 300,
    limitAt: () => 20,
  },
  {
    name: 'slow-answers-40ms-90-per-s',
    make: () => tokenBucket({ rate: 90, burst: 90 }),
    latencyMs: 40,
    lookups: 1_350,
    limitAt: () => 90,
  },
  {
    name: 'limit-drops-60-to-20',
    make: () =>
      switchAt(tokenBucket({ rate: drop.from, burst: drop.from }), tokenBucket({ rate: drop.to, burst: drop.to }), drop.atMs, {
        from: 'first-request',
      }),
    latencyMs: 5,
    lookups: 520,
    limitAt: (ms) => (ms < drop.atMs ? drop.from : drop.to),
  },
  {
    name: 'limit-rises-20-to-80',
    make: () =>
      switchAt(tokenBucket({ rate: rise.from, burst: rise.from }), tokenBucket({ rate: rise.to, burst: rise.to }), rise.atMs, {
        from: 'first-request',
      }),
    latencyMs: 5,
    lookups: 880,
    limitAt: (ms) => (ms < rise.atMs ? rise.from : rise.to),
  },
  { name: 'token-bucket-100-burst-5', make: () => tokenBucket({ rate: 100, burst: 5 }), latencyMs: 5, lookups: 1_200, limitAt: () => 100 },
  {
    name: 'fixed-window-no-retry-after-30-per-1s',
    make: () => withoutRetryAfter(fixedWindow({ limit: 30, windowMs: 1_000 })),
    latencyMs: 5,
    lookups: 420,
    limitAt: () => 30,
  },
  {
    // The same service over a batch of 1,500: learning its window costs the same few 429s.
    name: 'fixed-window-no-retry-after-30-per-1s-1500-ids',
    make: () => withoutRetryAfter(fixedWindow({ limit: 30, windowMs: 1_000 })),
    latencyMs: 5,
    lookups: 1_500,
    limitAt: () => 30,
  },
  {
    name: 'fixed-window-no-retry-after-100-per-2s',
    make: () => withoutRetryAfter(fixedWindow({ limit: 100, windowMs: 2_000 })),
    latencyMs: 5,
    lookups: 750,
    limitAt: () => 50,
  },
  {
    name: 'sliding-log-no-retry-after-25-per-1s',
    make: () => withoutRetryAfter(slidingLog({ limit: 25, windowMs: 1_000, retryAfterSeconds: 1 })),
    latencyMs: 5,
    lookups: 400,
    limitAt: () => 25,
  },
  {
    name: 'token-bucket-no-retry-after-50-burst-50',
    make: () => withoutRetryAfter(tokenBucket({ rate: 50, burst: 50 })),
    latencyMs: 5,
    lookups: 750,
    limitAt: () => 50,
  },
]

export const announceStyles: readonly AnnounceStyle[] = ['ratelimit', 'ratelimit-legacy', 'x-ratelimit-delta', 'x-ratelimit-epoch']

/** A shape of the catalogue by its name, or undefined. */
export function findLimiterShape(name: string | undefined): LimiterShape | undefined {
  return limiterShapes.find((shape) => shape.name === name)
}

/** A shape of the catalogue by its name; a name it does not hold is a mistake in the test. */
export function limiterShape(name: string): LimiterShape {
  const shape = findLimiterShape(name)
  if (!shape) throw new Error(`no limiter shape named ${name}`)
  return shape
}

/** The same shape, its limiter announcing where it stands in `style`. */
export function announced(shape: LimiterShape, style: AnnounceStyle): LimiterShape {
  return { ...shape, name: `${shape.name} (${style})`, make: () => announce(shape.make(), style) }
}

const idealStepMs = 10

/**
 * A client sending at exactly the limit, the limit changing as the shape says, walked in 10 ms
 * steps from the first request until `stop`: how far it got, and what it got through.
 */
function walkAtLimit(shape: LimiterRun, stop: (ms: number, done: number) => boolean): { ms: number; done: number } {
  let done = 0
  let ms = 0
  while (!stop(ms, done)) {
    done += (shape.limitAt(ms) * idealStepMs) / 1000
    ms += idealStepMs
  }
  return { ms, done }
}

/** Lookups a client sending at exactly the limit gets through in the first `ms`, the limit changing as the shape says. */
export function idealCount(shape: LimiterRun, ms: number): number {
  const whole = walkAtLimit(shape, (at) => at + idealStepMs > ms)
  return whole.done + (shape.limitAt(whole.ms) * (ms - whole.ms)) / 1000
}

/** Time (ms) a client sending at exactly the limit needs for `lookups`, the limit changing as the shape says. */
export function idealMs(shape: LimiterRun): number {
  return walkAtLimit(shape, (_, done) => done >= shape.lookups).ms
}
