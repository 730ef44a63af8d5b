import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { parseRetryAfter } from '../../../src/main/api/backoff'
import { readAnnouncedLimits, readRateLimitHeaders, type AnnouncedLimit } from '../../../src/main/scheduler/rate-limit-headers'

// Every example of a response's rate-limit headers in the IETF drafts and in express-rate-limit's
// tests (vendored in test/fixtures/ratelimit-header-examples, see its README.md), each held to
// what its own text says it means, through the readers the API client feeds the scheduler with.

const reading = z.strictObject({
  limit: z.number().nullable().optional(),
  windowSeconds: z.number().optional(),
  remaining: z.number().optional(),
  resetSeconds: z.number().nullable().optional(),
})

const example = z.object({
  id: z.string(),
  headers: z.array(z.tuple([z.string(), z.string()])).min(1),
  means: reading.extend({
    // The text gives the window only through the reset (a counter reset every second):
    // the reader announces no window, the scheduler takes it from the longest reset (learnQuota).
    windowFrom: z.literal('reset').optional(),
    resetToleranceSeconds: z.number().optional(),
    retryAfterSeconds: z.number().optional(),
    ignored: z.literal(true).optional(),
    policies: z
      .array(
        z.object({
          name: z.string().optional(),
          quota: z.number(),
          windowSeconds: z.number().optional(),
          remaining: z.number().optional(),
          resetSeconds: z.number().optional(),
          unit: z.string().optional(),
        }),
      )
      .optional(),
  }),
  // What the app does where it deliberately reads otherwise than the text, and why.
  app: z.object({ reads: reading.nullable(), why: z.string().min(20) }).optional(),
})

const folder = join(__dirname, '../../fixtures/ratelimit-header-examples')
const load = (file: string) => z.array(example).parse(JSON.parse(readFileSync(join(folder, file), 'utf8')))
const sources = {
  'draft-ietf-httpapi-ratelimit-headers': load('draft-ietf-httpapi-ratelimit-headers.json'),
  'express-rate-limit': load('express-rate-limit.json'),
}

// Without a Date in the example, any fixed clock does: every other reset is in delta seconds.
const fallbackNow = Date.UTC(2026, 0, 15, 12, 0, 0)
const seconds = (value: number | null | undefined) => (value == null ? value : value * 1000)

function expectPrimary(read: AnnouncedLimit | null, expected: z.infer<typeof reading>, tolerance: number) {
  const { limit, windowSeconds, remaining, resetSeconds } = expected
  if (limit !== undefined) expect(read?.limit ?? null, 'limit').toBe(limit)
  if (windowSeconds !== undefined) expect(read?.windowMs, 'window').toBe(windowSeconds * 1000)
  if (remaining !== undefined) expect(read?.remaining, 'remaining').toBe(remaining)
  if (resetSeconds === null) expect(read?.resetMs ?? null, 'no reset').toBeNull()
  else if (resetSeconds !== undefined) {
    expect(read?.resetMs, 'reset').toBeGreaterThanOrEqual((resetSeconds - tolerance) * 1000)
    expect(read?.resetMs, 'reset').toBeLessThanOrEqual((resetSeconds + tolerance) * 1000)
  }
}

describe.each(Object.entries(sources))('the header examples of %s', (_source, examples) => {
  it.each(examples.map((entry) => [entry.id, entry] as const))('%s reads as its text says', (_id, { headers, means, app }) => {
    const fields = new Headers()
    for (const [name, value] of headers) fields.append(name, value)
    const date = fields.get('date')
    const now = date === null ? fallbackNow : Date.parse(date)
    const primary = readRateLimitHeaders(fields, now)
    const all = readAnnouncedLimits(fields, now)

    if (means.ignored === true || app?.reads === null) {
      expect(primary, 'nothing read').toBeNull()
      expect(all, 'nothing listed').toEqual([])
    } else {
      const windowFromReset = means.windowFrom === 'reset'
      const expected = {
        ...means,
        ...(windowFromReset ? { windowSeconds: undefined } : {}),
        ...app?.reads,
      }
      expectPrimary(primary, expected, means.resetToleranceSeconds ?? 0)
      if (windowFromReset) {
        expect(primary?.windowMs, 'no window announced').toBeNull()
        expect(primary?.resetMs, 'the reset is the window').toBe(seconds(means.windowSeconds))
      }
    }

    // Policies the text names, when there are several, are each listed with their own count
    // (the Requests view and the quota gate); one alone is the primary reading above.
    const named = (means.policies ?? []).filter((policy) => policy.name !== undefined)
    if (named.length > 1 && app?.reads !== null) {
      for (const policy of named) {
        const listed = all.find((limit) => limit.name === policy.name)
        expect(listed, `policy ${policy.name}`).toMatchObject({ limit: policy.quota, windowMs: seconds(policy.windowSeconds) })
        if (policy.remaining !== undefined) expect(listed?.remaining).toBe(policy.remaining)
        if (policy.resetSeconds !== undefined) expect(listed?.resetMs).toBe(seconds(policy.resetSeconds))
      }
    }

    const retryAfter = fields.get('retry-after')
    if (means.retryAfterSeconds !== undefined) expect(parseRetryAfter(retryAfter, now)).toBe(means.retryAfterSeconds * 1000)
  })
})

describe('the vendored examples', () => {
  it('are all there, each with something to check', () => {
    expect(sources['draft-ietf-httpapi-ratelimit-headers']).toHaveLength(90)
    expect(sources['express-rate-limit']).toHaveLength(9)
    for (const { id, means } of Object.values(sources).flat()) expect(Object.keys(means).length, id).toBeGreaterThan(0)
  })
})
