import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { readAnnouncedLimits, readRateLimitHeaders } from '../../../src/main/scheduler/rate-limit-headers'
import { createScheduler, type TaskContext } from '../../../src/main/scheduler/scheduler'

// The throttler docs' three named throttlers as layered fixed windows, each from its first hit, its
// fields suffixed with its name, a 429 with Retry-After-<name>: the headers @nestjs/throttler sends,
// on windows that come back whole at their reset. Its own storage frees each hit a window after it
// was made instead; its real guard runs in nest-throttler-virtual.test.ts.
const throttlers = [
  { name: 'short', limit: 3, ttlMs: 1_000 },
  { name: 'medium', limit: 20, ttlMs: 10_000 },
  { name: 'long', limit: 100, ttlMs: 60_000 },
]

function namedThrottlers(): (now: number) => { status: number; headers: Headers } {
  const windows = throttlers.map(() => ({ start: Number.NEGATIVE_INFINITY, hits: 0 }))
  return (now) => {
    const headers = new Headers()
    let status = 200
    throttlers.forEach((throttler, i) => {
      const window = windows[i] ?? { start: 0, hits: 0 }
      if (now >= window.start + throttler.ttlMs) Object.assign(window, { start: now, hits: 0 })
      window.hits += 1
      const toExpire = Math.ceil((window.start + throttler.ttlMs - now) / 1000)
      if (window.hits > throttler.limit) {
        status = 429
        headers.set(`retry-after-${throttler.name}`, String(toExpire))
      }
      headers.set(`x-ratelimit-limit-${throttler.name}`, String(throttler.limit))
      headers.set(`x-ratelimit-remaining-${throttler.name}`, String(Math.max(0, throttler.limit - window.hits)))
      headers.set(`x-ratelimit-reset-${throttler.name}`, String(toExpire))
    })
    return { status, headers }
  }
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 })
})
afterEach(() => {
  vi.useRealTimers()
})

/** One request to `service`, reported to the scheduler as the API client reports an answer. */
function ask(service: ReturnType<typeof namedThrottlers>, answers: { status: number; at: number }[]) {
  return async (ctx: TaskContext) => {
    await new Promise((resolve) => setTimeout(resolve, 20))
    const answer = service(Date.now())
    answers.push({ status: answer.status, at: Date.now() })
    const retryAfter = [...answer.headers].find(([key]) => key.startsWith('retry-after'))
    ctx.report(answer.status === 429 ? 'rate-limited' : 'ok', {
      announced: readRateLimitHeaders(answer.headers, Date.now()),
      limits: readAnnouncedLimits(answer.headers, Date.now()),
      ...(retryAfter ? { retryAfterMs: Number(retryAfter[1]) * 1000 } : {}),
    })
  }
}

const refusedAfterFirst = (answers: readonly { status: number }[]) => answers.slice(1).filter((answer) => answer.status === 429).length

// Each answer says the short window's reset in whole seconds from itself ("1" all through it): the
// first reading is the closest. Taking the latest, the batch waited up to a second more each time
// an interactive lookup took the short window's third place, and ran at 0.91 of the long window.
it('keeps the long window’s rate with an interactive lookup every 2 s beside the batch, and no 429', async () => {
  const service = namedThrottlers()
  const scheduler = createScheduler({ headroom: 0 })
  const answers: { status: number; at: number }[] = []
  const started = Date.now()
  const batch = { done: false }
  void Promise.all(Array.from({ length: 80 }, () => scheduler.schedule(ask(service, answers), { priority: 'batch' }))).then(() => {
    batch.done = true
  })
  while (!batch.done) {
    void scheduler.schedule(ask(service, answers), { priority: 'interactive' })
    await vi.advanceTimersByTimeAsync(2_000)
  }
  const seconds = (Math.max(...answers.map((answer) => answer.at)) - started) / 1000
  const share = answers.filter((answer) => answer.status === 200).length / seconds / (100 / 60)
  console.log(`named throttlers, lookups every 2 s: ${answers.length} requests in ${seconds} s, ${share.toFixed(3)} of 100 a minute`)
  expect(refusedAfterFirst(answers)).toBe(0)
  expect(share).toBeGreaterThanOrEqual(0.95)
})

it('runs a batch under named throttlers with no 429 after the first answer, at the long window’s rate', async () => {
  const service = namedThrottlers()
  const scheduler = createScheduler({ headroom: 0 })
  const answers: { status: number; at: number }[] = []
  const started = Date.now()
  const lookups = Array.from({ length: 150 }, () => scheduler.schedule(ask(service, answers), { priority: 'batch' }))
  await vi.advanceTimersByTimeAsync(120_000)
  await Promise.all(lookups)
  const finishedAt = Math.max(...answers.map((answer) => answer.at))
  expect({ refused: refusedAfterFirst(answers), ok: answers.filter((answer) => answer.status === 200).length }).toEqual({
    refused: 0,
    ok: 150,
  })
  // 100 a minute allows 150 in 90 s at an even pace: within a tenth of that.
  console.log(`named throttlers: 150 lookups in ${(finishedAt - started) / 1000} s`)
  expect(finishedAt - started).toBeLessThanOrEqual(100_000)
  expect(
    scheduler
      .state()
      .announced.map((limit) => limit.name)
      .sort(),
  ).toEqual(['long', 'medium', 'short'])
})
