import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { readAnnouncedLimits, readRateLimitHeaders } from '../../../src/main/scheduler/rate-limit-headers'
import { createScheduler } from '../../../src/main/scheduler/scheduler'

// A misconfigured service: its headers announce 100 a second, a fresh count after every
// refusal, while its limiter (a token bucket) takes 25 a second.
function overAnnouncing(): (now: number) => { status: number; headers: Headers } {
  let tokens = 25
  let at = 0
  let windowStart = 0
  let hits = 0
  return (now) => {
    tokens = Math.min(25, tokens + ((now - at) * 25) / 1000)
    at = now
    if (now >= windowStart + 1000) [windowStart, hits] = [now, 0]
    hits += 1
    const ok = tokens >= 1
    if (ok) tokens -= 1
    const headers = new Headers({
      'x-ratelimit-limit': '100',
      'x-ratelimit-remaining': String(Math.max(0, 100 - hits)),
      'x-ratelimit-reset': String(Math.ceil((windowStart + 1000 - now) / 1000)),
      ...(ok ? {} : { 'retry-after': '1' }),
    })
    return { status: ok ? 200 : 429, headers }
  }
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 })
})
afterEach(() => {
  vi.useRealTimers()
})

it('distrusts headers caught announcing more than the service allows, and learns the limit from the answers', async () => {
  const service = overAnnouncing()
  const scheduler = createScheduler({ headroom: 0 })
  const start = Date.now()
  const answers: { at: number; status: number }[] = []
  const lookups = Array.from({ length: 600 }, () =>
    scheduler
      .schedule(
        async (ctx) => {
          await new Promise((resolve) => setTimeout(resolve, 20))
          const answer = service(Date.now())
          answers.push({ at: Date.now() - start, status: answer.status })
          const refused = answer.status === 429
          ctx.report(refused ? 'rate-limited' : 'ok', {
            announced: readRateLimitHeaders(answer.headers, Date.now()),
            limits: readAnnouncedLimits(answer.headers, Date.now()),
            ...(refused ? { retryAfterMs: 1_000 } : {}),
          })
        },
        { priority: 'batch' },
      )
      .catch(() => undefined),
  )
  await vi.advanceTimersByTimeAsync(20_000)
  const late = answers.filter((answer) => answer.at >= 10_000)
  const refusedLate = late.filter((answer) => answer.status === 429).length
  console.log(`over-announcing headers: ${refusedLate} 429s of ${late.length} answers in the second 10 s`)
  expect(refusedLate / late.length).toBeLessThanOrEqual(0.03)
  // Learnt from the answers: most of the 25 a second.
  expect(late.length - refusedLate).toBeGreaterThanOrEqual(0.8 * 25 * 10)
  expect(scheduler.state().headersDistrusted).toBe(true)
  expect(scheduler.state().limitSource).not.toBe('headers')
  await vi.advanceTimersByTimeAsync(60_000)
  await Promise.all(lookups)
})
