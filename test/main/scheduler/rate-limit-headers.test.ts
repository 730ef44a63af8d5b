import { describe, expect, it } from 'vitest'
import { readRateLimitHeaders, type AnnouncedLimit } from '../../../src/main/scheduler/rate-limit-headers'

const now = Date.UTC(2026, 0, 15, 12, 0, 0)
// What was read; which headers it came from is checked on its own below.
const read = (headers: Record<string, string> | [string, string][]) => {
  const announced = readRateLimitHeaders(new Headers(headers), now)
  return announced === null ? null : omitSaid(announced)
}
function omitSaid(announced: AnnouncedLimit): Omit<AnnouncedLimit, 'said'> {
  const values: Partial<AnnouncedLimit> = { ...announced }
  delete values.said
  return values as Omit<AnnouncedLimit, 'said'>
}
const draft = (policy: string | null, current: string | null) =>
  read({ ...(policy === null ? {} : { 'RateLimit-Policy': policy }), ...(current === null ? {} : { RateLimit: current }) })

describe('draft RateLimit-Policy / RateLimit', () => {
  it('reads the example of the brief', () => {
    expect(draft('"default";q=100;w=60', '"default";r=42;t=17')).toEqual({
      source: 'ratelimit',
      limit: 100,
      windowMs: 60_000,
      remaining: 42,
      resetMs: 17_000,
    })
  })

  it('reads each field alone', () => {
    expect(draft('"p";q=5;w=1', null)).toEqual({ source: 'ratelimit', limit: 5, windowMs: 1_000, remaining: null, resetMs: null })
    expect(draft('"p";q=5', null)).toMatchObject({ limit: 5, windowMs: null })
    expect(draft(null, '"p";r=3')).toEqual({ source: 'ratelimit', limit: null, windowMs: null, remaining: 3, resetMs: null })
    expect(draft(null, '"p";t=0')).toMatchObject({ remaining: null, resetMs: 0 })
  })

  it('accepts a token as the policy name, decimal windows and resets, and ignores unknown parameters', () => {
    expect(draft('default;q=50;w=2.5;pk=:cHsx:;foo="bar"', 'default;r=7;t=1.25;pk=:cHsx:;x')).toEqual({
      source: 'ratelimit',
      limit: 50,
      windowMs: 2_500,
      remaining: 7,
      resetMs: 1_250,
    })
  })

  it('with several policies, takes the entry with the fewest left and its own policy', () => {
    const policy = '"burst";q=10;w=1, "daily";q=1000;w=86400'
    expect(draft(policy, '"burst";r=9;t=1, "daily";r=500;t=40000')).toMatchObject({
      limit: 10,
      windowMs: 1_000,
      remaining: 9,
      resetMs: 1_000,
    })
    expect(draft(policy, '"burst";r=9;t=1, "daily";r=2;t=40000')).toMatchObject({
      limit: 1000,
      windowMs: 86_400_000,
      remaining: 2,
      resetMs: 40_000_000,
    })
    // A tie: the later reset binds longer.
    expect(draft(policy, '"burst";r=2;t=1, "daily";r=2;t=40000')).toMatchObject({ remaining: 2, resetMs: 40_000_000 })
  })

  it('without RateLimit, takes the policy with the lowest rate', () => {
    expect(draft('"burst";q=10;w=1, "hourly";q=1800;w=3600, "daily";q=100000;w=86400', null)).toMatchObject({
      limit: 1800,
      windowMs: 3_600_000,
    })
  })

  it('a repeated field is the same list joined by a comma', () => {
    expect(
      read([
        ['RateLimit-Policy', '"a";q=10;w=1'],
        ['RateLimit-Policy', '"b";q=100;w=60'],
        ['RateLimit', '"b";r=4;t=30'],
      ]),
    ).toMatchObject({
      limit: 100,
      windowMs: 60_000,
      remaining: 4,
    })
  })

  it('skips quotas that are not counted in requests', () => {
    expect(draft('"bytes";q=5;w=1;qu="content-bytes", "req";q=100;w=10;qu="requests"', null)).toMatchObject({
      limit: 100,
      windowMs: 10_000,
    })
    expect(draft('"bytes";q=5;w=1;qu="content-bytes"', null)).toBeNull()
  })

  it('reads draft 07: integer policies and the dictionary form', () => {
    expect(draft('10;w=1, 50;w=60', 'limit=10, remaining=4, reset=1')).toEqual({
      source: 'ratelimit',
      limit: 10,
      windowMs: 1_000,
      remaining: 4,
      resetMs: 1_000,
    })
    expect(draft(null, 'limit=10, remaining=4, reset=1')).toEqual({
      source: 'ratelimit',
      limit: 10,
      windowMs: null,
      remaining: 4,
      resetMs: 1_000,
    })
    expect(draft('50;w=60', 'limit=10, remaining=4, reset=1')).toMatchObject({ limit: 10, windowMs: null })
  })

  it('a RateLimit entry naming no known policy uses the lowest-rate policy', () => {
    expect(draft('"a";q=10;w=1, "b";q=20;w=10', '"other";r=1;t=2')).toMatchObject({ limit: 20, windowMs: 10_000, remaining: 1 })
  })

  it.each([
    ['a negative quota', '"p";q=-5;w=1', { limit: null, windowMs: null }],
    ['a decimal quota', '"p";q=5.5;w=1', { limit: null, windowMs: null }],
    ['a quota as a string', '"p";q="5";w=1', { limit: null, windowMs: null }],
    ['a quota of 0', '"p";q=0;w=1', { limit: null, windowMs: null }],
    ['a huge quota', '"p";q=999999999999999;w=1', { limit: null, windowMs: null }],
    ['a negative window', '"p";q=5;w=-1', { limit: 5, windowMs: null }],
    ['a window of 0', '"p";q=5;w=0', { limit: 5, windowMs: null }],
    ['a window of ten years', '"p";q=5;w=315360000', { limit: 5, windowMs: null }],
    ['a window as a token', '"p";q=5;w=sixty', { limit: 5, windowMs: null }],
  ])('ignores %s in RateLimit-Policy, and keeps the rest', (_why, policy, expected) => {
    expect(draft(policy, '"p";r=1;t=1')).toMatchObject({ remaining: 1, resetMs: 1_000, ...expected })
  })

  it.each([
    ['a negative remaining', '"p";r=-1;t=5', { remaining: null, resetMs: 5_000 }],
    ['a decimal remaining', '"p";r=1.5;t=5', { remaining: null, resetMs: 5_000 }],
    ['a huge remaining', '"p";r=999999999999;t=5', { remaining: null, resetMs: 5_000 }],
    ['a negative reset', '"p";r=3;t=-5', { remaining: 3, resetMs: null }],
    ['a reset of ten years', '"p";r=3;t=315360000', { remaining: 3, resetMs: null }],
    ['a reset as a boolean', '"p";r=3;t', { remaining: 3, resetMs: null }],
    ['more left than the quota', '"p";r=500;t=5', { remaining: null, resetMs: 5_000 }],
  ])('ignores %s in RateLimit, and keeps the rest', (_why, current, expected) => {
    expect(draft('"p";q=100;w=60', current)).toMatchObject({ limit: 100, windowMs: 60_000, ...expected })
  })

  it.each([
    ['an unquoted name with spaces', 'default policy;q=100;w=60'],
    ['a trailing comma', '"default";q=100;w=60,'],
    ['an unterminated name', '"default;q=100;w=60'],
    ['JSON', '{"limit":100}'],
    ['an inner list only', '(1 2);q=100'],
  ])('ignores a RateLimit-Policy that is not a structured list (%s), and still reads RateLimit', (_why, policy) => {
    expect(draft(policy, '"default";r=42;t=17')).toEqual({
      source: 'ratelimit',
      limit: null,
      windowMs: null,
      remaining: 42,
      resetMs: 17_000,
    })
  })

  it('nothing usable in the draft fields: the older families are read instead', () => {
    expect(read({ 'RateLimit-Policy': 'garbage!', RateLimit: '"p";x=1', 'X-RateLimit-Limit': '30' })).toMatchObject({
      source: 'x-ratelimit',
      limit: 30,
    })
  })
})

describe('RateLimit-Limit / -Remaining / -Reset', () => {
  it('reads the three fields, Reset as delta seconds', () => {
    expect(read({ 'RateLimit-Limit': '100', 'RateLimit-Remaining': '42', 'RateLimit-Reset': '17' })).toEqual({
      source: 'ratelimit-legacy',
      limit: 100,
      windowMs: null,
      remaining: 42,
      resetMs: 17_000,
    })
  })

  it('reads the quota policies drafts 00-06 put after the limit', () => {
    expect(read({ 'RateLimit-Limit': '100, 100;w=60, 1000;w=3600' })).toMatchObject({ limit: 100, windowMs: 60_000 })
    expect(read({ 'RateLimit-Limit': '10;w=1' })).toMatchObject({ limit: 10, windowMs: 1_000 })
  })

  it('reads a Reset given as Unix seconds, Unix ms, or an HTTP date', () => {
    expect(read({ 'RateLimit-Reset': String(now / 1000 + 30) })?.resetMs).toBe(30_000)
    expect(read({ 'RateLimit-Reset': String(now + 2_500) })?.resetMs).toBe(2_500)
    expect(read({ 'RateLimit-Reset': new Date(now + 90_000).toUTCString() })?.resetMs).toBe(90_000)
  })

  it('a Reset a little in the past (the server clock behind) means now', () => {
    expect(read({ 'RateLimit-Reset': String(now / 1000 - 20) })?.resetMs).toBe(0)
  })
})

describe('X-RateLimit-Limit / -Remaining / -Reset', () => {
  it('reads Reset as delta seconds', () => {
    expect(read({ 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '1' })).toEqual({
      source: 'x-ratelimit',
      limit: 60,
      windowMs: null,
      remaining: 0,
      resetMs: 1_000,
    })
  })

  it('reads Reset as epoch seconds, with or without a fraction', () => {
    expect(read({ 'X-RateLimit-Limit': '5000', 'X-RateLimit-Remaining': '4999', 'X-RateLimit-Reset': String(now / 1000 + 3_600) })).toEqual(
      {
        source: 'x-ratelimit',
        limit: 5000,
        windowMs: null,
        remaining: 4999,
        resetMs: 3_600_000,
      },
    )
    expect(read({ 'X-RateLimit-Reset': `${now / 1000 + 1}.250` })?.resetMs).toBe(1_250)
  })

  it('the draft wins over the older families when both are present', () => {
    expect(read({ RateLimit: '"p";r=1;t=1', 'RateLimit-Remaining': '2', 'X-RateLimit-Remaining': '3' })).toMatchObject({
      source: 'ratelimit',
      remaining: 1,
    })
    expect(read({ 'RateLimit-Remaining': '2', 'X-RateLimit-Remaining': '3' })).toMatchObject({ source: 'ratelimit-legacy', remaining: 2 })
  })
})

describe('malformed values are ignored field by field', () => {
  const families = [
    ['RateLimit', 'ratelimit-legacy'],
    ['X-RateLimit', 'x-ratelimit'],
  ] as const
  const bad = ['-1', 'NaN', 'Infinity', '1e3', '0x10', 'ten', '', '12abc', '99999999999', '1,000', '100, 100', '3.5']
  it.each(families)('%s-Limit and -Remaining', (prefix, source) => {
    for (const value of bad) {
      expect(read({ [`${prefix}-Limit`]: value, [`${prefix}-Remaining`]: value, [`${prefix}-Reset`]: '4' }), value).toEqual({
        source,
        limit: null,
        windowMs: null,
        remaining: null,
        resetMs: 4_000,
      })
    }
  })

  it.each(families)('%s-Reset', (prefix, source) => {
    const badResets = [
      '-1',
      'NaN',
      'Infinity',
      '1e3',
      'soon',
      '',
      '5, 5',
      String(50 * 365 * 86_400),
      String(now / 1000 - 86_400),
      String(now / 1000 + 2 * 365 * 86_400),
      'Thu, 01 Jan 1970 00:00:00 GMT',
      'Fri, 32 Foo 2026 99:99:99 GMT',
      '2026-01-15T12:00:30Z',
    ]
    for (const value of badResets) {
      expect(read({ [`${prefix}-Limit`]: '10', [`${prefix}-Reset`]: value }), value).toEqual({
        source,
        limit: 10,
        windowMs: null,
        remaining: null,
        resetMs: null,
      })
    }
  })

  it('more remaining than the limit: the remaining count is dropped', () => {
    expect(read({ 'X-RateLimit-Limit': '10', 'X-RateLimit-Remaining': '11' })).toEqual({
      source: 'x-ratelimit',
      limit: 10,
      windowMs: null,
      remaining: null,
      resetMs: null,
    })
  })

  it('a limit of 0 is read as absent, a remaining of 0 is kept', () => {
    expect(read({ 'X-RateLimit-Limit': '0', 'X-RateLimit-Remaining': '0' })).toMatchObject({ limit: null, remaining: 0 })
  })

  it('a field longer than any service sends is not looked at', () => {
    expect(read({ 'RateLimit-Policy': `"p";q=5;w=1${', "p";q=5;w=1'.repeat(400)}` })).toBeNull()
  })

  it('null when nothing is there, or nothing usable', () => {
    expect(read({})).toBeNull()
    expect(read({ 'Retry-After': '5', 'Content-Type': 'application/json' })).toBeNull()
    expect(read({ 'X-RateLimit-Limit': 'lots', 'RateLimit-Reset': 'later', RateLimit: '"p"' })).toBeNull()
  })
})
