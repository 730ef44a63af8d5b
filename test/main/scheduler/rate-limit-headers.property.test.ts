import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readRateLimitHeaders } from '../../../src/main/scheduler/rate-limit-headers'

const names = [
  'RateLimit-Policy',
  'RateLimit',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
] as const

// Pieces of the real syntax, so the generator reaches deep into the parser as well as past it.
const piece = fc.oneof(
  fc.constantFrom(
    '"default"',
    'burst',
    ';q=',
    ';w=',
    ';r=',
    ';t=',
    ';qu="requests"',
    ';pk=:aGk=:',
    ', ',
    ',',
    '(',
    ')',
    '?1',
    '@',
    '%"',
    '\\',
    '"',
    '-',
    '.',
    ' ',
    'limit=',
    'remaining=',
    'reset=',
  ),
  fc.integer({ min: -1e6, max: 1e6 }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.bigInt({ min: 0n, max: 10n ** 20n }).map(String),
  fc.constantFrom('Thu, 15 Jan 2026 12:00:30 GMT', 'NaN', 'Infinity', '1e400', '0x1f'),
  fc.string({ maxLength: 6 }),
)
const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.array(piece, { maxLength: 14 }).map((parts) => parts.join('')),
)

/** Headers refuses some strings (control characters, code points past 255): those are not headers. */
function headersOf(entries: [string, string][]): Headers | null {
  try {
    return new Headers(entries)
  } catch {
    return null
  }
}

describe('readRateLimitHeaders on any input', () => {
  it('never throws, and never answers a negative or non-finite number', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 8 }),
        fc.integer({ min: 0, max: 4e12 }),
        (entries, nowMs) => {
          const headers = headersOf(entries)
          fc.pre(headers !== null)
          const announced = readRateLimitHeaders(headers, nowMs)
          if (announced === null) return
          const numbers = [announced.limit, announced.windowMs, announced.remaining, announced.resetMs]
          expect(numbers.some((n) => n !== null)).toBe(true)
          for (const n of numbers) if (n !== null) expect(Number.isFinite(n) && n >= 0, String(n)).toBe(true)
          if (announced.limit !== null && announced.remaining !== null) expect(announced.remaining).toBeLessThanOrEqual(announced.limit)
        },
      ),
      { numRuns: 3000 },
    )
  })

  it('reads back any well-formed draft pair exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 1, max: 86_400 }),
        fc.nat(),
        fc.integer({ min: 0, max: 86_400 }),
        (q, w, r, t) => {
          const remaining = r % (q + 1)
          const headers = new Headers({ 'RateLimit-Policy': `"p";q=${q};w=${w}`, RateLimit: `"p";r=${remaining};t=${t}` })
          expect(readRateLimitHeaders(headers, 0)).toMatchObject({
            source: 'ratelimit',
            limit: q,
            windowMs: w * 1000,
            remaining,
            resetMs: t * 1000,
          })
        },
      ),
    )
  })
})
