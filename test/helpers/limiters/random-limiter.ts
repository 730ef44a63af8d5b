import { seededRandom } from '../../../src/sandbox/faults'
import type { OneDeskFigures } from '../desk-runs'
import { announceStyles, type LimiterRun } from '../limiter-shapes'
import { announce, type AnnounceStyle } from './announce'
import type { Limiter, QuotaLimiter } from './limiter'
import { concurrencyCap, gcra, layered } from './more-shapes'
import { fixedWindow, slidingLog, tokenBucket } from './shapes'
import { switchAt, withoutRetryAfter } from './wrappers'

export const algorithms = ['token-bucket', 'gcra', 'fixed-window', 'sliding-log', 'concurrency-cap', 'layered-windows'] as const
export type Algorithm = (typeof algorithms)[number]

/** A limiter drawn at random: what was drawn travels with it, so a failure can be read and replayed from its seed. */
export interface RandomLimiter extends LimiterRun {
  seed: number
  algorithm: Algorithm
  retryAfter: boolean
  /** The header family the limiter announces where it stands in after each answer, or null. */
  announced: AnnounceStyle | null
  /** The drawn parameters, for the report of a run. */
  params: Record<string, number | string>
  /** The longest window the limiter counts over, ms (0 for none). */
  longestWindowMs: number
}

export interface DrawOptions {
  /** Most lookups in a run; the run aims at 12 s of work or three of the longest window. */
  maxLookups?: number
  minLookups?: number
}

type Draw = Omit<RandomLimiter, 'name' | 'seed' | 'algorithm' | 'retryAfter' | 'announced' | 'lookups' | 'latencyMs' | 'latencyJitterMs'>

/**
 * Draws one limiter from `seed`: the algorithm, its parameters (a sustained 1 to 500 per second,
 * windows of 1 to 60 s, bursts from one request to two seconds' worth), a limit that may change
 * part way, the service's latency and its jitter, whether a 429 says Retry-After, and which
 * headers announce the limit, if any (drawAnnouncement).
 */
export function drawLimiter(seed: number, { maxLookups = 2_000, minLookups = 300 }: DrawOptions = {}): RandomLimiter {
  const random = seededRandom(seed)
  const between = (low: number, high: number) => low + (high - low) * random()
  const logBetween = (low: number, high: number) => low * (high / low) ** random()
  const algorithm = algorithms[Math.floor(random() * algorithms.length)] ?? 'token-bucket'
  const retryAfter = random() < 0.7
  const latencyMs = Math.round(logBetween(1, 80))
  const latencyJitterMs = Math.round(between(0, latencyMs))
  const meanRoundTripMs = latencyMs + latencyJitterMs / 2 + 2
  const rate = logBetween(1, 500)
  const drawn = drawAlgorithm(algorithm, rate, { random, between, logBetween, meanRoundTripMs })
  const announced = isQuotaLimiter(drawn.make()) ? drawAnnouncement(seed) : null
  const limiter = (): Limiter => {
    const made = retryAfter ? drawn.make() : withoutRetryAfter(drawn.make())
    return announced !== null && isQuotaLimiter(made) ? announce(made, announced) : made
  }
  const sustained = drawn.limitAt(0)
  const lookups = Math.round(Math.min(maxLookups, Math.max(minLookups, sustained * Math.max(12, (3 * drawn.longestWindowMs) / 1000))))
  const latency = algorithm === 'concurrency-cap' ? Number(drawn.params.latencyMs) : latencyMs
  const jitter = algorithm === 'concurrency-cap' ? Number(drawn.params.latencyJitterMs) : latencyJitterMs
  const params = Object.entries(drawn.params)
    .map(([key, value]) => `${key}=${typeof value === 'number' ? Math.round(value * 100) / 100 : value}`)
    .join(' ')
  return {
    ...drawn,
    name: `random-${seed} ${algorithm}${retryAfter ? '' : ' no-retry-after'}${announced ? ` announced=${announced}` : ''} ${params} latency=${latency}+${jitter}ms`,
    seed,
    algorithm,
    retryAfter,
    announced,
    make: limiter,
    latencyMs: latency,
    latencyJitterMs: jitter,
    lookups,
  }
}

/**
 * Two in five limiters that count a quota announce it, in one of four header families. Drawn
 * from a stream of its own, so the limiters drawn before headers were stay as they were.
 */
function drawAnnouncement(seed: number): AnnounceStyle | null {
  const random = seededRandom(seed * 31 + 7)
  return random() < 0.4 ? (announceStyles[Math.floor(random() * announceStyles.length)] ?? null) : null
}

function isQuotaLimiter(limiter: Limiter): limiter is QuotaLimiter {
  return 'quota' in limiter
}

interface Dice {
  random: () => number
  between: (low: number, high: number) => number
  logBetween: (low: number, high: number) => number
  meanRoundTripMs: number
}

function drawAlgorithm(algorithm: Algorithm, rate: number, dice: Dice): Draw {
  const { random, logBetween } = dice
  switch (algorithm) {
    case 'token-bucket':
    case 'gcra': {
      const make = algorithm === 'gcra' ? gcra : tokenBucket
      const whole = Math.max(1, Math.round(rate))
      const burst = random() < 0.2 ? 1 : Math.max(1, Math.round(whole * logBetween(0.01, 2)))
      // A quarter of them change their limit part way: a fall or a rise of up to three times.
      const change = random() < 0.25 ? { atMs: Math.round(logBetween(2_000, 10_000)), factor: logBetween(1 / 3, 3) } : null
      if (change === null)
        return { make: () => make({ rate: whole, burst }), limitAt: () => whole, params: { rate: whole, burst }, longestWindowMs: 0 }
      const next = Math.max(1, Math.round(whole * change.factor))
      const nextBurst = Math.max(1, Math.round((burst * next) / whole))
      return {
        make: () => switchAt(make({ rate: whole, burst }), make({ rate: next, burst: nextBurst }), change.atMs, { from: 'first-request' }),
        limitAt: (ms) => (ms < change.atMs ? whole : next),
        params: { rate: whole, burst, thenRate: next, atMs: change.atMs },
        longestWindowMs: 0,
      }
    }
    case 'fixed-window':
    case 'sliding-log': {
      const windowMs = Math.round(logBetween(1, 60)) * 1_000
      const limit = Math.max(1, Math.round((rate * windowMs) / 1000))
      const retryAfterSeconds = Math.max(1, Math.round(logBetween(1, windowMs / 1000)))
      const make = () =>
        algorithm === 'fixed-window' ? fixedWindow({ limit, windowMs }) : slidingLog({ limit, windowMs, retryAfterSeconds })
      return { make, limitAt: () => (limit * 1000) / windowMs, params: { limit, windowMs }, longestWindowMs: windowMs }
    }
    case 'concurrency-cap': {
      const limit = 1 + Math.floor(random() * 20)
      const latencyMs = Math.round(logBetween(20, 400))
      const latencyJitterMs = Math.round(dice.between(0, latencyMs / 2))
      const sustained = (limit * 1000) / (latencyMs + latencyJitterMs / 2 + 2)
      return {
        make: () => concurrencyCap({ limit, retryAfterSeconds: 1 }),
        limitAt: () => sustained,
        params: { inFlight: limit, latencyMs, latencyJitterMs },
        longestWindowMs: 0,
      }
    }
    case 'layered-windows': {
      // As named throttlers are configured: a short, a medium and a long window, one of them the
      // tightest over time, the others up to three times looser. Fixed windows; @nestjs/throttler's
      // own storage frees each hit a window after it, and is drawn in nest-throttler-virtual.test.ts.
      const windowsMs = [1, Math.round(logBetween(5, 15)), 60].map((s) => s * 1000)
      const tightest = Math.floor(random() * windowsMs.length)
      const limits = windowsMs.map((w, i) => Math.max(1, Math.round((rate * (i === tightest ? 1 : logBetween(1, 3)) * w) / 1000)))
      const sustained = Math.min(...limits.map((n, i) => (n * 1000) / (windowsMs[i] ?? 1000)))
      return {
        make: () => layered(windowsMs.map((windowMs, i) => fixedWindow({ limit: limits[i] ?? 1, windowMs }))),
        limitAt: () => sustained,
        params: { limits: limits.join('/'), windows: windowsMs.map((w) => `${w / 1000}s`).join('/') },
        longestWindowMs: 60_000,
      }
    }
  }
}

/** The user's limits for random draws: above every limit drawn, so the limiter is what binds. */
export const drawLimits = { ceiling: 1_000, concurrency: 100 } as const

/** The default headroom: ratios are of the limit less it. */
export const drawHeadroom = 0.1

/** Interactive lookups every 500 ms fit in the headroom only where it holds two a second. */
export function holdsInteractive(draw: RandomLimiter): boolean {
  return Math.min(draw.limitAt(0), draw.limitAt(Number.MAX_SAFE_INTEGER)) * drawHeadroom >= 2
}

/** The issue's targets for one desk against a draw, in virtual time and over HTTP alike. */
export const drawTargets = { ratio: 0.9, rate429: 0.01, lost: 0, interactiveP95Ms: 300 } as const

/** Two desks on one key: each half of what both got through, within `splitWithin`, and together this share of the allowed rate or more. */
export const twoDeskTargets = { splitWithin: 0.1, together: 0.9, climbSeconds: 5 } as const

/** Desk A's share of what both desks got through is within `splitWithin` of half. */
export function splitsEvenly(figures: { shareA: number }): boolean {
  return Math.abs(figures.shareA - 0.5) <= twoDeskTargets.splitWithin
}

/** Both desks' share of the key: split evenly and together at the target. */
export function sharesKeyFairly(figures: { shareA: number; together: number }): boolean {
  return splitsEvenly(figures) && figures.together >= twoDeskTargets.together
}

/** Desk B, left alone, back at the allowed rate within the target (null: never). */
export function climbedBack(figures: { climbSeconds: number | null }): boolean {
  return figures.climbSeconds !== null && figures.climbSeconds <= twoDeskTargets.climbSeconds
}

/** Where the limit is announced: a higher ratio, and no 429 once an answer has said where the key stands. */
export const announcedTargets = { ratio: 0.95, refusedAfterFirstAnswer: 0 } as const

/**
 * The interactive p95 target holds "wherever the limiter allows it": where the headroom holds the
 * lookups, and the service answers within the target however its latency falls (a service that
 * takes 320 ms to answer allows no lookup in 300).
 */
export function allowsInteractiveTarget(draw: RandomLimiter): boolean {
  return holdsInteractive(draw) && draw.latencyMs + (draw.latencyJitterMs ?? 0) < drawTargets.interactiveP95Ms
}

/** The batch at the target ratio or more, 429s within their share, nothing lost, interactive p95 within bounds where the limiter allows it. */
export function meetsDrawTargets(draw: RandomLimiter, figures: OneDeskFigures): boolean {
  const refusals =
    draw.announced === null
      ? figures.ratio >= drawTargets.ratio && figures.rate429 <= drawTargets.rate429
      : figures.ratio >= announcedTargets.ratio && figures.refusedAfterFirstAnswer <= announcedTargets.refusedAfterFirstAnswer
  return (
    refusals &&
    figures.lost <= drawTargets.lost &&
    (!allowsInteractiveTarget(draw) || (figures.interactiveP95Ms ?? 0) <= drawTargets.interactiveP95Ms)
  )
}

/** The name the limiter CLI knows a draw by: `random:<seed>`. */
export const randomShapePrefix = 'random:'

/** A draw for a run over real HTTP: at most half a minute of ideal time, so a bench of several stays short. */
export function benchDraw(seed: number): RandomLimiter {
  const draw = drawLimiter(seed, { maxLookups: 1_500, minLookups: 100 })
  const lookups = Math.max(30, Math.min(draw.lookups, Math.round(draw.limitAt(0) * 30)))
  return { ...draw, lookups }
}
