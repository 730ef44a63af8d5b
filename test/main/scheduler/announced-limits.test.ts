import { describe, expect, it } from 'vitest'
import { readAnnouncedLimits, readRateLimitHeaders } from '../../../src/main/scheduler/rate-limit-headers'

const now = Date.UTC(2026, 0, 15, 12, 0, 0)
const all = (headers: Record<string, string>) => readAnnouncedLimits(new Headers(headers), now)
const primary = (headers: Record<string, string>) => readRateLimitHeaders(new Headers(headers), now)

// @nestjs/throttler's docs configure three named throttlers; each answer carries the three, suffixed.
const named = {
  'X-RateLimit-Limit-short': '3',
  'X-RateLimit-Remaining-short': '2',
  'X-RateLimit-Reset-short': '1',
  'X-RateLimit-Limit-medium': '20',
  'X-RateLimit-Remaining-medium': '19',
  'X-RateLimit-Reset-medium': '10',
  'X-RateLimit-Limit-long': '100',
  'X-RateLimit-Remaining-long': '99',
  'X-RateLimit-Reset-long': '60',
}

describe("@nestjs/throttler's named throttlers", () => {
  it('reads every named throttler, whatever its name', () => {
    // (Headers come in no meaningful order: sorted here by quota.)
    const read = all(named).sort((a, b) => (a.limit ?? 0) - (b.limit ?? 0))
    expect(read.map(({ name, limit, remaining, resetMs }) => ({ name, limit, remaining, resetMs }))).toEqual([
      { name: 'short', limit: 3, remaining: 2, resetMs: 1_000 },
      { name: 'medium', limit: 20, remaining: 19, resetMs: 10_000 },
      { name: 'long', limit: 100, remaining: 99, resetMs: 60_000 },
    ])
    expect(all({ 'X-RateLimit-Limit-per_Minute.v2': '7', 'X-RateLimit-Remaining-per_Minute.v2': '0' })).toMatchObject([
      { name: 'per_minute.v2', limit: 7, remaining: 0 },
    ])
  })

  it('paces the rate model by the longest window (the largest quota), and says which header holds a wait', () => {
    expect(primary(named)).toMatchObject({ name: 'long', limit: 100, remaining: 99, resetMs: 60_000 })
    expect(all(named).find((limit) => limit.name === 'short')?.said).toEqual({
      remaining: 'X-RateLimit-Remaining-short: 2',
      reset: 'X-RateLimit-Reset-short: 1',
    })
  })
})

describe("draft 06: RateLimit-Policy beside RateLimit-Limit/-Remaining/-Reset (express-rate-limit's draft-6 mode)", () => {
  it('reads the three fields, not the policy alone', () => {
    expect(
      primary({ 'RateLimit-Policy': '100;w=60', 'RateLimit-Limit': '100', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '42' }),
    ).toMatchObject({
      limit: 100,
      windowMs: 60_000,
      remaining: 0,
      resetMs: 42_000,
    })
  })

  it('takes a lowered limit from RateLimit-Limit', () => {
    expect(
      primary({ 'RateLimit-Policy': '100;w=60', 'RateLimit-Limit': '10', 'RateLimit-Remaining': '5', 'RateLimit-Reset': '7' }),
    ).toMatchObject({
      limit: 10,
      windowMs: 60_000,
      remaining: 5,
    })
  })

  it('takes the window of the policy whose quota is the limit in force, among several', () => {
    expect(
      primary({
        'RateLimit-Limit': '100',
        'RateLimit-Remaining': '50',
        'RateLimit-Reset': '50',
        'RateLimit-Policy': '100;w=60, 5000;w=3600',
      }),
    ).toMatchObject({ limit: 100, windowMs: 60_000, remaining: 50, resetMs: 50_000 })
  })
})

describe('the drafts with several policies', () => {
  it('lists each policy with its own entry', () => {
    const limits = all({
      'RateLimit-Policy': '"burst";q=10;w=1, "daily";q=1000;w=86400',
      RateLimit: '"burst";r=9;t=1, "daily";r=2;t=40000',
    })
    expect(limits.map(({ name, limit, windowMs, remaining }) => ({ name, limit, windowMs, remaining }))).toEqual([
      { name: 'burst', limit: 10, windowMs: 1_000, remaining: 9 },
      { name: 'daily', limit: 1000, windowMs: 86_400_000, remaining: 2 },
    ])
  })

  it('tells named policies of one quota apart (draft 06-07 forbade one quota twice only when unnamed)', () => {
    const limits = all({
      'RateLimit-Policy': '"1-in-5sec"; q=1; w=5, "1-in-1min"; q=1; w=60',
      RateLimit: '"1-in-5sec"; r=0; t=5, "1-in-1min"; r=0; t=60',
    })
    expect(limits.map(({ name, windowMs }) => ({ name, windowMs }))).toEqual([
      { name: '1-in-5sec', windowMs: 5_000 },
      { name: '1-in-1min', windowMs: 60_000 },
    ])
    expect(primary({ 'RateLimit-Policy': '10;w=1, 10;w=60', 'RateLimit-Limit': '10', 'RateLimit-Remaining': '3' })).toMatchObject({
      limit: 10,
      windowMs: null,
      remaining: 3,
    })
  })
})
