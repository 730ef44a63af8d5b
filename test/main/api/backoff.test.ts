import { describe, expect, it } from 'vitest'
import { backoffDelay, defaultRetryPolicy, parseRetryAfter, sleep } from '../../../src/main/api/backoff'

const policy = { ...defaultRetryPolicy, baseDelayMs: 100, maxDelayMs: 1_000 }

describe('backoffDelay', () => {
  it('doubles the ceiling of the wait with each attempt, up to the maximum', () => {
    const top = [1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(policy, attempt, () => 1))
    expect(top).toEqual([100, 200, 400, 800, 1_000, 1_000])
  })

  it('draws the whole range from zero (full jitter), not a band around the ceiling', () => {
    expect(backoffDelay(policy, 4, () => 0)).toBe(0)
    expect(backoffDelay(policy, 4, () => 0.25)).toBe(200)
  })

  it('keeps the defaults sensible: a few attempts, waits under ten seconds, a one-minute budget', () => {
    expect(defaultRetryPolicy.maxAttempts).toBeGreaterThan(1)
    expect(defaultRetryPolicy.maxAttempts).toBeLessThanOrEqual(5)
    expect(defaultRetryPolicy.maxDelayMs).toBeLessThanOrEqual(10_000)
    expect(defaultRetryPolicy.maxTotalMs).toBeLessThanOrEqual(60_000)
  })
})

describe('parseRetryAfter', () => {
  const now = Date.parse('2030-01-01T12:00:00Z')

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('3', now)).toBe(3_000)
    expect(parseRetryAfter(' 0 ', now)).toBe(0)
  })

  it('reads an HTTP date as the time left until it', () => {
    expect(parseRetryAfter('Tue, 01 Jan 2030 12:00:05 GMT', now)).toBe(5_000)
    expect(parseRetryAfter('Tue, 01 Jan 2030 11:59:00 GMT', now)).toBe(0)
  })

  it('gives null for absent or unreadable values, so the client falls back to backoff', () => {
    expect(parseRetryAfter(null, now)).toBeNull()
    expect(parseRetryAfter('', now)).toBeNull()
    expect(parseRetryAfter('soon', now)).toBeNull()
  })
})

describe('sleep', () => {
  it('ends early, rejecting, when its signal aborts', async () => {
    const controller = new AbortController()
    const pending = sleep(60_000, controller.signal)
    controller.abort()
    await expect(pending).rejects.toThrow()
  })
})
