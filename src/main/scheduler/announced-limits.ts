import { draftCurrent, draftPolicies, field, finish, readDraft, readFamily, type AnnouncedLimit, type Policy } from './rate-limit-headers'

/**
 * Every limit an answer announces, in each form services send them: the IETF drafts' policies,
 * draft 06's RateLimit-Policy with RateLimit-Limit/-Remaining/-Reset, X-RateLimit-*, and
 * @nestjs/throttler's named throttlers (`X-RateLimit-Limit-<name>`, any names).
 */

// More names than this is not a throttler configuration: the rest are not looked at.
const maxNamed = 16
const namedField = /^x-ratelimit-(?:limit|remaining|reset)-([!#$%&'*+.^_`|~0-9a-z-]{1,64})$/

/** @nestjs/throttler names each throttler in its fields; its "default" throttler has none. */
function readNamed(headers: Headers, nowMs: number): AnnouncedLimit[] {
  const names = new Set<string>()
  headers.forEach((_value, key) => {
    const name = namedField.exec(key)?.[1]
    if (name !== undefined && names.size < maxNamed) names.add(name)
  })
  return [...names].flatMap((name) => {
    const limit = readFamily(headers, 'x-ratelimit', 'x-ratelimit', nowMs, `-${name}`)
    return limit === null ? [] : [{ ...limit, name }]
  })
}

/**
 * Draft 06 sent RateLimit-Policy beside RateLimit-Limit/-Remaining/-Reset: the three say where the
 * key stands, and the policy whose quota is the Limit (or the only one) gives its window. Without
 * a usable Limit (drafts 04-06 push back with `RateLimit-Limit: 0`), the only policy is the limit
 * that applies once the reset comes.
 */
function readDraft06(headers: Headers, nowMs: number): AnnouncedLimit | null {
  const current = readFamily(headers, 'ratelimit', 'ratelimit-legacy', nowMs)
  if (current === null || field(headers, 'ratelimit') !== null) return null
  const policies = draftPolicies(field(headers, 'ratelimit-policy'))
  const inForce: Policy | undefined =
    policies.find((policy) => policy.quota === current.limit) ?? (policies.length === 1 ? policies[0] : undefined)
  const { limit, windowMs, remaining, resetMs, said } = current
  return finish('ratelimit-legacy', limit ?? inForce?.quota ?? null, windowMs ?? inForce?.windowMs ?? null, remaining, resetMs, said)
}

/** The draft's policies, each with its own entry of RateLimit (by name), for the view and the quota gate. */
function draftEach(headers: Headers): AnnouncedLimit[] {
  const policies = draftPolicies(field(headers, 'ratelimit-policy'))
  if (policies.length < 2) return []
  const text = field(headers, 'ratelimit')
  const { currents } = draftCurrent(text)
  const said = text === null ? null : `RateLimit: ${text}`
  return policies.flatMap(({ name, quota, windowMs }) => {
    if (name === null) return []
    const current = currents.find((entry) => entry.name === name)
    const [remaining, resetMs] = [current?.remaining ?? null, current?.resetMs ?? null]
    return [{ source: 'ratelimit' as const, name, limit: quota, windowMs, remaining, resetMs, said: { remaining: said, reset: said } }]
  })
}

/** Every limit announced, or none. */
export function readAnnouncedLimits(headers: Headers, nowMs: number): AnnouncedLimit[] {
  const named = readNamed(headers, nowMs)
  const each = draftEach(headers)
  const primary = readPrimary(headers, nowMs, named)
  return [...each, ...named, ...(each.length === 0 && primary !== null && !named.includes(primary) ? [primary] : [])]
}

function readPrimary(headers: Headers, nowMs: number, named: AnnouncedLimit[]): AnnouncedLimit | null {
  return (
    readDraft06(headers, nowMs) ??
    readDraft(headers) ??
    readFamily(headers, 'ratelimit', 'ratelimit-legacy', nowMs) ??
    readFamily(headers, 'x-ratelimit', 'x-ratelimit', nowMs) ??
    // Of named throttlers, the largest quota: the longest window, which binds a long run; the
    // shorter ones are held by their counts (the quota gate in pacing.ts).
    named.reduce<AnnouncedLimit | null>((best, limit) => ((limit.limit ?? 0) > (best?.limit ?? 0) ? limit : best), null)
  )
}

/**
 * The one limit the rate model paces by, whatever form is present; malformed or contradictory
 * values are ignored field by field, never throw. null when nothing usable. `nowMs` is the wall
 * clock (Date.now()), against which a Reset given as a Unix time or an HTTP date is read.
 */
export function readRateLimitHeaders(headers: Headers, nowMs: number): AnnouncedLimit | null {
  return readPrimary(headers, nowMs, readNamed(headers, nowMs))
}
