export interface Faults {
  /** Share of API requests answered with a 500, 0..1. */
  errorRate: number
  /** Share of API requests whose connection is destroyed without an answer, 0..1. */
  resetRate: number
  /** Share of API requests answered with a body that is not the service's JSON, 0..1. */
  malformedRate: number
  /** Latency added to every API request, in milliseconds, plus up to `latencyJitterMs` more. */
  latencyMs: number
  latencyJitterMs: number
}

export const noFaults: Faults = { errorRate: 0, resetRate: 0, malformedRate: 0, latencyMs: 0, latencyJitterMs: 0 }

export type FaultRoll = 'reset' | 'error' | 'malformed' | null

const rateKeys = ['errorRate', 'resetRate', 'malformedRate'] as const
const msKeys = ['latencyMs', 'latencyJitterMs'] as const

/** Merges a partial update, returning messages for every field out of range. */
export function mergeFaults(current: Faults, update: Record<string, unknown>): { faults: Faults } | { messages: string[] } {
  const next = { ...current }
  const messages: string[] = []
  for (const [key, value] of Object.entries(update)) {
    if ((rateKeys as readonly string[]).includes(key)) {
      if (typeof value !== 'number' || !(value >= 0 && value <= 1)) messages.push(`${key} must be a number from 0 to 1`)
      else next[key as (typeof rateKeys)[number]] = value
    } else if ((msKeys as readonly string[]).includes(key)) {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 120_000) {
        messages.push(`${key} must be an integer from 0 to 120000`)
      } else next[key as (typeof msKeys)[number]] = value
    } else {
      messages.push(`property ${key} should not exist`)
    }
  }
  return messages.length > 0 ? { messages } : { faults: next }
}

/** One roll per request, so the three shares add up instead of shadowing each other. */
export function rollFault(faults: Faults, random: () => number): FaultRoll {
  const roll = random()
  if (roll < faults.resetRate) return 'reset'
  if (roll < faults.resetRate + faults.errorRate) return 'error'
  if (roll < faults.resetRate + faults.errorRate + faults.malformedRate) return 'malformed'
  return null
}

/** mulberry32: a tiny seeded generator so fault runs can be repeated exactly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
