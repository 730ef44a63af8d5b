import { describe, expect, it } from 'vitest'
import { formatClockMs, formatRelative, formatUtc, readTime } from '../../../src/shared/format/time'

const now = Date.UTC(2025, 0, 15, 12, 0, 0)

describe('formatRelative', () => {
  it('says "just now" within ten seconds either way', () => {
    expect(formatRelative(now, now)).toBe('just now')
    expect(formatRelative(now - 9_999, now)).toBe('just now')
    expect(formatRelative(now + 9_999, now)).toBe('just now')
    expect(formatRelative(now - 10_000, now)).toBe('10 seconds ago')
  })

  it('counts in the largest whole unit, never rounding up', () => {
    expect(formatRelative(now - 59_999, now)).toBe('59 seconds ago')
    expect(formatRelative(now - 60_000, now)).toBe('1 minute ago')
    expect(formatRelative(now - 150_000, now)).toBe('2 minutes ago')
    expect(formatRelative(now - 3 * 3_600_000 - 59 * 60_000, now)).toBe('3 hours ago')
    expect(formatRelative(now - 86_400_000, now)).toBe('1 day ago')
    expect(formatRelative(now - 14 * 86_400_000, now)).toBe('2 weeks ago')
    expect(formatRelative(now - 400 * 86_400_000, now)).toBe('1 year ago')
  })

  it('says the future with "in"', () => {
    expect(formatRelative(now + 120_000, now)).toBe('in 2 minutes')
  })
})

describe('UTC and local readings', () => {
  it('writes UTC to the second', () => {
    expect(formatUtc(now + 999)).toBe('2025-01-15 12:00:00 UTC')
  })

  it('keeps milliseconds on the clock, zero-padded', () => {
    expect(formatClockMs(now + 7)).toMatch(/^\d{2}:\d{2}:\d{2}\.007$/)
  })

  it('reads epoch ms and ISO text alike, and refuses what is not a date', () => {
    const fromIso = readTime('2025-01-15T11:00:00Z', now)
    expect(fromIso).toEqual(readTime(now - 3_600_000, now))
    expect(fromIso?.utc).toBe('2025-01-15 11:00:00 UTC')
    expect(fromIso?.relative).toBe('1 hour ago')
    expect(fromIso?.local).toMatch(/2025/)
    expect(readTime('yesterday-ish', now)).toBeNull()
  })
})
