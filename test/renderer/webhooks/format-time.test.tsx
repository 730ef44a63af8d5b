import { describe, expect, it } from 'vitest'
import { formatRelative, formatUtc } from '../../../src/renderer/src/views/webhooks/format-time'

describe('format-time', () => {
  const now = Date.UTC(2025, 0, 15, 12, 0, 0)

  it('says how long ago, in the largest whole unit', () => {
    expect(formatRelative(now - 3 * 3_600_000, now)).toBe('3 hours ago')
    expect(formatRelative(now - 150_000, now)).toBe('2 minutes ago')
    expect(formatRelative(now - 2_000, now)).toBe('just now')
    expect(formatRelative(now + 120_000, now)).toBe('in 2 minutes')
  })

  it('writes UTC to the second', () => {
    expect(formatUtc(now)).toBe('2025-01-15 12:00:00 UTC')
  })
})
