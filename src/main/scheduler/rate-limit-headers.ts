import { parseDictionary, parseList, type BareItem, type Member, type Parameters } from './structured-fields'

export type RateLimitHeaderSource = 'ratelimit' | 'ratelimit-legacy' | 'x-ratelimit'

export interface AnnouncedLimit {
  /**
   * Which family was read: RateLimit-Policy/RateLimit (draft-ietf-httpapi-ratelimit-headers,
   * structured fields such as `"default";q=100;w=60` and `"default";r=42;t=17`),
   * RateLimit-Limit/-Remaining/-Reset, or X-RateLimit-Limit/-Remaining/-Reset.
   */
  source: RateLimitHeaderSource
  /** Quota per window (q= or *-Limit), requests. */
  limit: number | null
  /** Window length when announced (w=), else null. */
  windowMs: number | null
  /** Requests left in the current window (r= or *-Remaining). */
  remaining: number | null
  /** Ms from `nowMs` until the quota resets (t=, or *-Reset as delta seconds, epoch seconds or an HTTP date). */
  resetMs: number | null
  /** The headers the remaining count and the reset were read from, as sent, to say what caused a wait. */
  said: { remaining: string | null; reset: string | null }
  /** The policy's or named throttler's name, when the service gave one. */
  name?: string
}

// Past these a value is a bug or an attack, not a limit: it is ignored rather than obeyed.
const maxCount = 1_000_000_000
const maxSeconds = 366 * 24 * 3600
// A Reset above this is a Unix time in seconds (2001-09-09 onwards), above the next in ms.
const epochSecondsFrom = 1_000_000_000
const epochMsFrom = 1_000_000_000_000
// A Reset this far in the past is read as a clock difference with the server: the quota is back.
const pastSlackMs = 3_600_000
// Longer values are not looked at: no service needs them, and a parser need not walk them.
const maxFieldLength = 4096

const countPattern = /^\d{1,10}$/
const secondsPattern = /^\d{1,16}(?:\.\d{1,6})?$/
const httpDatePattern =
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/

export function field(headers: Headers, name: string): string | null {
  const value = headers.get(name)
  return value === null || value.length > maxFieldLength ? null : value.trim()
}

function validCount(value: number): number | null {
  return Number.isInteger(value) && value >= 0 && value <= maxCount ? value : null
}

function validSeconds(value: number): number | null {
  return Number.isFinite(value) && value >= 0 && value <= maxSeconds ? value : null
}

function textCount(text: string | null): number | null {
  return text !== null && countPattern.test(text) ? validCount(Number(text)) : null
}

/** A Reset as delta seconds, Unix time (seconds or ms) or an HTTP date, as ms from now. */
function textReset(text: string | null, nowMs: number): number | null {
  if (text === null) return null
  let atMs: number
  if (secondsPattern.test(text)) {
    const value = Number(text)
    if (value < epochSecondsFrom) {
      const seconds = validSeconds(value)
      return seconds === null ? null : seconds * 1000
    }
    atMs = value < epochMsFrom ? value * 1000 : value
  } else if (httpDatePattern.test(text)) atMs = Date.parse(text)
  else return null
  const resetMs = atMs - nowMs
  if (!Number.isFinite(resetMs) || resetMs < -pastSlackMs || resetMs > maxSeconds * 1000) return null
  return Math.max(0, resetMs)
}

const integerOf = (item: BareItem | undefined) => (item?.type === 'integer' ? validCount(item.value) : null)
const secondsOf = (item: BareItem | undefined) => (item?.type === 'integer' || item?.type === 'decimal' ? validSeconds(item.value) : null)
const nameOf = (item: BareItem) => (item.type === 'string' || item.type === 'token' ? item.value : null)

/** A limit of 0 would stop all work for good; no window of 0 exists. Both are read as absent. */
const positive = (value: number | null) => (value !== null && value > 0 ? value : null)

export function finish(
  source: RateLimitHeaderSource,
  limit: number | null,
  windowMs: number | null,
  remaining: number | null,
  resetMs: number | null,
  said: AnnouncedLimit['said'],
): AnnouncedLimit | null {
  // More left than the quota holds: the remaining count is the one not to trust, since
  // believing it would send too much.
  const consistentRemaining = remaining !== null && limit !== null && remaining > limit ? null : remaining
  if (limit === null && windowMs === null && consistentRemaining === null && resetMs === null) return null
  return {
    source,
    limit,
    windowMs,
    remaining: consistentRemaining,
    resetMs,
    said: { remaining: consistentRemaining === null ? null : said.remaining, reset: resetMs === null ? null : said.reset },
  }
}

const said = (name: string, value: string | null): string | null => (value === null ? null : `${name}: ${value}`)

export interface Policy {
  name: string | null
  quota: number
  windowMs: number | null
}

function items(members: Member[] | null): { value: BareItem; params: Parameters }[] {
  return (members ?? []).filter((member) => member.kind === 'item')
}

export function draftPolicies(text: string | null): Policy[] {
  if (text === null) return []
  const policies: Policy[] = []
  for (const { value, params } of items(parseList(text))) {
    const unit = params.get('qu')
    // A quota of bytes or of concurrent requests says nothing about the request rate.
    if (unit !== undefined && !(unit.type === 'string' && unit.value === 'requests')) continue
    // Draft 07 and earlier put the quota in the item itself: `100;w=60`.
    const quota = positive(integerOf(params.get('q')) ?? integerOf(value))
    if (quota === null) continue
    const window = positive(secondsOf(params.get('w')))
    policies.push({ name: nameOf(value), quota, windowMs: window === null ? null : window * 1000 })
  }
  // Drafts 06-07 tell unnamed policies apart by quota alone: two with one quota make the field
  // malformed, and a malformed field is ignored.
  const unnamed = policies.filter((policy) => policy.name === null).map((policy) => policy.quota)
  return new Set(unnamed).size < unnamed.length ? [] : policies
}

interface Current {
  name: string | null
  remaining: number | null
  resetMs: number | null
}

const currentOf = (name: string | null, remaining: BareItem | undefined, reset: BareItem | undefined): Current => {
  const seconds = secondsOf(reset)
  return { name, remaining: integerOf(remaining), resetMs: seconds === null ? null : seconds * 1000 }
}

/** The RateLimit field's entries, and the limit when draft 07's dictionary form gives one. */
export function draftCurrent(text: string | null): { currents: Current[]; limit: number | null } {
  if (text === null) return { currents: [], limit: null }
  const usable = (current: Current) => current.remaining !== null || current.resetMs !== null
  const list = parseList(text)
  if (list !== null) {
    return {
      currents: items(list)
        .map(({ value, params }) => currentOf(nameOf(value), params.get('r'), params.get('t')))
        .filter(usable),
      limit: null,
    }
  }
  // Draft 07 wrote it as a dictionary: `limit=100, remaining=50, reset=5`.
  const dictionary = parseDictionary(text)
  const member = (key: string) => {
    const found = dictionary?.get(key)
    return found?.kind === 'item' ? found.value : undefined
  }
  const current = currentOf(null, member('remaining'), member('reset'))
  return { currents: usable(current) ? [current] : [], limit: positive(integerOf(member('limit'))) }
}

const ratePerMs = (policy: Policy) => (policy.windowMs === null ? Number.POSITIVE_INFINITY : policy.quota / policy.windowMs)

/** The binding entry: the fewest left (the later reset on a tie); among policies, the lowest rate. */
export function readDraft(headers: Headers): AnnouncedLimit | null {
  const policies = draftPolicies(field(headers, 'ratelimit-policy'))
  const currentText = field(headers, 'ratelimit')
  const { currents, limit } = draftCurrent(currentText)
  const current = currents.reduce<Current | null>((best, candidate) => {
    if (best === null) return candidate
    const [a, b] = [candidate.remaining ?? Number.POSITIVE_INFINITY, best.remaining ?? Number.POSITIVE_INFINITY]
    return a < b || (a === b && (candidate.resetMs ?? 0) > (best.resetMs ?? 0)) ? candidate : best
  }, null)
  // Draft 07 names no policy: its limit is the quota of the policy in force.
  const named =
    current?.name == null ? policies.find((policy) => policy.quota === limit) : policies.find((policy) => policy.name === current.name)
  const policy = named ?? (limit === null ? [...policies].sort((a, b) => ratePerMs(a) - ratePerMs(b))[0] : undefined)
  const saidCurrent = said('RateLimit', currentText)
  return finish('ratelimit', policy?.quota ?? limit, policy?.windowMs ?? null, current?.remaining ?? null, current?.resetMs ?? null, {
    remaining: saidCurrent,
    reset: saidCurrent,
  })
}

/**
 * RateLimit-Limit as drafts 00-06 wrote it: a number, or the number followed by its quota
 * policies (`100, 100;w=60, 1000;w=3600`). A list whose later members are not policies is
 * a repeated header, which says nothing certain.
 */
function legacyLimit(text: string | null): { limit: number | null; windowMs: number | null } {
  const none = { limit: null, windowMs: null }
  if (text === null) return none
  if (countPattern.test(text)) return { limit: positive(validCount(Number(text))), windowMs: null }
  const list = parseList(text)
  const [first, ...rest] = items(list)
  if (!first || list?.length !== rest.length + 1 || rest.some((item) => !item.params.has('w'))) return none
  // Draft 03 pushes back with an expiring limit of 0 beside the one policy that applies after the reset.
  const limit = integerOf(first.value) === 0 && rest.length === 1 ? positive(integerOf(rest[0]?.value)) : positive(integerOf(first.value))
  if (limit === null) return none
  const window = [first, ...rest].find((item) => integerOf(item.value) === limit && item.params.has('w'))
  const seconds = positive(secondsOf(window?.params.get('w')))
  return { limit, windowMs: seconds === null ? null : seconds * 1000 }
}

/** `suffix`: @nestjs/throttler's named throttlers add `-<name>` to each field. */
export function readFamily(
  headers: Headers,
  prefix: string,
  source: RateLimitHeaderSource,
  nowMs: number,
  suffix = '',
): AnnouncedLimit | null {
  const { limit, windowMs } =
    source === 'ratelimit-legacy'
      ? legacyLimit(field(headers, `${prefix}-limit${suffix}`))
      : { limit: positive(textCount(field(headers, `${prefix}-limit${suffix}`))), windowMs: null }
  const remaining = field(headers, `${prefix}-remaining${suffix}`)
  const reset = field(headers, `${prefix}-reset${suffix}`)
  const name = source === 'x-ratelimit' ? 'X-RateLimit' : 'RateLimit'
  return finish(source, limit, windowMs, textCount(remaining), textReset(reset, nowMs), {
    remaining: said(`${name}-Remaining${suffix}`, remaining),
    reset: said(`${name}-Reset${suffix}`, reset),
  })
}

export { readRateLimitHeaders, readAnnouncedLimits } from './announced-limits'
