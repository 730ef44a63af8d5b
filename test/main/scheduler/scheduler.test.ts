import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppError } from '../../../src/shared/app-error'
import { createScheduler, defaultSchedulerConfig, type Scheduler, type SchedulerState } from '../../../src/main/scheduler/scheduler'

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined
  const promise = new Promise<void>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 })
})

afterEach(() => {
  vi.useRealTimers()
})

describe('scheduling', () => {
  it('starts tasks at the rate and tells each how long it waited', async () => {
    // 10 req/s leaves a burst of one token: one at once, then one every 100 ms (no headroom: the key is ours alone).
    const scheduler = createScheduler({ initialRate: 10, ceiling: 10, headroom: 0 })
    const queuedMs: number[] = []
    const tasks = [0, 1, 2].map(() =>
      scheduler.schedule(
        (ctx) => {
          queuedMs.push(ctx.queuedMs)
          return Promise.resolve(ctx.queuedMs)
        },
        { priority: 'batch' },
      ),
    )
    await vi.advanceTimersByTimeAsync(0)
    expect(queuedMs).toEqual([0])
    await vi.advanceTimersByTimeAsync(100)
    expect(queuedMs).toEqual([0, 100])
    await vi.advanceTimersByTimeAsync(100)
    expect(await Promise.all(tasks)).toEqual([0, 100, 200])
  })

  it('passes on what the task returns or throws, a synchronous throw included', async () => {
    const scheduler = createScheduler({ initialRate: 100, ceiling: 100 })
    // Each settles within the time its token takes.
    const settled = async <T>(promise: Promise<T>): Promise<PromiseSettledResult<T> | undefined> => {
      const result = Promise.allSettled([promise])
      await vi.advanceTimersByTimeAsync(100)
      return (await result)[0]
    }
    expect(await settled(scheduler.schedule(() => Promise.resolve('value'), { priority: 'interactive' }))).toEqual({
      status: 'fulfilled',
      value: 'value',
    })
    expect(await settled(scheduler.schedule(() => Promise.reject(new Error('refused')), { priority: 'batch' }))).toMatchObject({
      status: 'rejected',
      reason: { message: 'refused' },
    })
    const throwing = (): Promise<never> => {
      throw new Error('bug')
    }
    expect(await settled(scheduler.schedule(throwing, { priority: 'batch' }))).toMatchObject({
      status: 'rejected',
      reason: { message: 'bug' },
    })
    expect(scheduler.state().inFlight).toBe(0)
  })

  it('starts an interactive lookup ahead of batch work already waiting for a slot', async () => {
    const scheduler = createScheduler({ initialRate: 100, ceiling: 100, concurrency: 1 })
    const order: string[] = []
    const running = deferred()
    const task = (name: string, until?: Promise<void>) => async (): Promise<void> => {
      order.push(name)
      await until
    }
    const all = [
      scheduler.schedule(task('running', running.promise), { priority: 'batch' }),
      scheduler.schedule(task('batch-1'), { priority: 'batch' }),
      scheduler.schedule(task('batch-2'), { priority: 'batch' }),
      scheduler.schedule(task('lookup'), { priority: 'interactive' }),
      scheduler.schedule(task('batch-3'), { priority: 'batch' }),
    ]
    await vi.advanceTimersByTimeAsync(0)
    expect(order).toEqual(['running'])
    running.resolve()
    await vi.advanceTimersByTimeAsync(1000)
    await Promise.all(all)
    expect(order).toEqual(['running', 'lookup', 'batch-1', 'batch-2', 'batch-3'])
  })

  it('starts an interactive lookup ahead of batch work waiting for a token', async () => {
    const scheduler = createScheduler({ initialRate: 10, ceiling: 10 })
    const order: string[] = []
    const task = (name: string) => (): Promise<void> => {
      order.push(name)
      return Promise.resolve()
    }
    const all = [
      scheduler.schedule(task('batch-1'), { priority: 'batch' }),
      scheduler.schedule(task('batch-2'), { priority: 'batch' }),
      scheduler.schedule(task('batch-3'), { priority: 'batch' }),
    ]
    await vi.advanceTimersByTimeAsync(50)
    all.push(scheduler.schedule(task('lookup'), { priority: 'interactive' }))
    await vi.advanceTimersByTimeAsync(1000)
    await Promise.all(all)
    expect(order).toEqual(['batch-1', 'lookup', 'batch-2', 'batch-3'])
  })

  it('starts a retry ahead of first attempts of its priority, but not ahead of interactive work', async () => {
    const scheduler = createScheduler({ initialRate: 100, ceiling: 100, concurrency: 1 })
    const order: string[] = []
    const running = deferred()
    const task = (name: string, until?: Promise<void>) => async (): Promise<void> => {
      order.push(name)
      await until
    }
    const all = [
      scheduler.schedule(task('running', running.promise), { priority: 'batch' }),
      scheduler.schedule(task('batch'), { priority: 'batch' }),
      scheduler.schedule(task('batch-retry'), { priority: 'batch', retry: true }),
      scheduler.schedule(task('lookup'), { priority: 'interactive' }),
      scheduler.schedule(task('lookup-retry'), { priority: 'interactive', retry: true }),
    ]
    running.resolve()
    await vi.advanceTimersByTimeAsync(1000)
    await Promise.all(all)
    expect(order).toEqual(['running', 'lookup-retry', 'lookup', 'batch-retry', 'batch'])
  })

  it('never runs more tasks at once than the concurrency cap', async () => {
    const scheduler = createScheduler({ initialRate: 100, ceiling: 100, concurrency: 3 })
    let running = 0
    let peak = 0
    const tasks = Array.from({ length: 12 }, () =>
      scheduler.schedule(
        async () => {
          running += 1
          peak = Math.max(peak, running)
          expect(scheduler.state().inFlight).toBe(running)
          await sleep(50)
          running -= 1
        },
        { priority: 'batch' },
      ),
    )
    await vi.advanceTimersByTimeAsync(2000)
    await Promise.all(tasks)
    expect(peak).toBe(3)
    expect(scheduler.state().inFlight).toBe(0)
  })
})

describe('cancelling', () => {
  function blocked(): { scheduler: Scheduler; release: () => Promise<void> } {
    const scheduler = createScheduler({ initialRate: 100, ceiling: 100, concurrency: 1 })
    const running = deferred()
    const first = scheduler.schedule(() => running.promise, { priority: 'batch' })
    return {
      scheduler,
      release: async () => {
        running.resolve()
        await first
        await vi.advanceTimersByTimeAsync(100)
      },
    }
  }

  it('rejects a queued task with cancelled when its signal aborts, and never runs it', async () => {
    const { scheduler, release } = blocked()
    const controller = new AbortController()
    const task = vi.fn(() => Promise.resolve())
    const cancelled = scheduler.schedule(task, { priority: 'batch', signal: controller.signal })
    expect(scheduler.state().queued.batch).toBe(1)
    controller.abort()
    const error: unknown = await cancelled.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 'cancelled' })
    expect(scheduler.state().queued.total).toBe(0)
    await release()
    expect(task).not.toHaveBeenCalled()
  })

  it('rejects at once with cancelled when the signal has already aborted', async () => {
    const { scheduler, release } = blocked()
    const task = vi.fn(() => Promise.resolve())
    await expect(scheduler.schedule(task, { priority: 'interactive', signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: 'cancelled',
    })
    await release()
    expect(task).not.toHaveBeenCalled()
    expect(scheduler.state().queued.total).toBe(0)
  })

  it('leaves a task that already runs to answer the abort itself', async () => {
    const scheduler = createScheduler()
    const controller = new AbortController()
    const running = deferred()
    const result = scheduler.schedule(
      async (ctx) => {
        await running.promise
        return ctx.signal?.aborted === true ? 'stopped' : 'finished'
      },
      { priority: 'interactive', signal: controller.signal },
    )
    await vi.advanceTimersByTimeAsync(0)
    controller.abort()
    running.resolve()
    await expect(result).resolves.toBe('stopped')
  })
})

describe('adapting', () => {
  it('holds every task, of every priority, until a Retry-After pause ends; a lone request refused says nothing of the rate', async () => {
    const scheduler = createScheduler({ initialRate: 50, ceiling: 100, headroom: 0 })
    const start = Date.now()
    await scheduler.schedule(
      (ctx) => {
        ctx.report('rate-limited', { retryAfterMs: 1000 })
        return Promise.resolve()
      },
      { priority: 'batch' },
    )
    const { rate } = scheduler.state()
    expect(scheduler.state().pausedUntil).toBe(start + 1000)
    // Sent at once on the stored token, it did not test the rate: no cut.
    expect(rate).toBe(50)
    const startedAt: Record<string, number> = {}
    const task = (name: string) => (): Promise<void> => {
      startedAt[name] = Date.now() - start
      return Promise.resolve()
    }
    const all = [scheduler.schedule(task('batch'), { priority: 'batch' }), scheduler.schedule(task('lookup'), { priority: 'interactive' })]
    await vi.advanceTimersByTimeAsync(999)
    expect(startedAt).toEqual({})
    await vi.advanceTimersByTimeAsync(1000)
    await Promise.all(all)
    // No saved-up tokens after the pause: one request every 1/rate from its end, the lookup first.
    expect(startedAt).toEqual({ lookup: 1000 + 1000 / rate, batch: 1000 + 2000 / rate })
    expect(scheduler.state().pausedUntil).toBeNull()
  })

  it('climbs on successes that waited for a token, ignores a second report, and is not moved by errors', async () => {
    const scheduler = createScheduler({ initialRate: 10, ceiling: 100 })
    const tasks = Array.from({ length: 5 }, () =>
      scheduler.schedule(
        (ctx) => {
          ctx.report('ok')
          ctx.report('rate-limited', 5000)
          return Promise.resolve()
        },
        { priority: 'batch' },
      ),
    )
    await vi.advanceTimersByTimeAsync(1000)
    await Promise.all(tasks)
    // The first went at once on the stored token; the four that waited each climb (the rate
    // doubles over half a second of such successes); the second report, a 429, changed nothing.
    const climbed = scheduler.state().rate
    expect(climbed).toBeGreaterThan(10 * 2 ** 0.6)
    expect(climbed).toBeLessThan(10 * 2 ** 0.8)
    expect(scheduler.state().pausedUntil).toBeNull()
    await scheduler.schedule(
      (ctx) => {
        ctx.report('error')
        return Promise.resolve()
      },
      { priority: 'interactive' },
    )
    expect(scheduler.state().rate).toBe(climbed)
  })
})

describe('state and configuration', () => {
  it('reports a snapshot of the live state, coalesced, until unsubscribed', async () => {
    const scheduler = createScheduler({ initialRate: 10, ceiling: 40, concurrency: 2 })
    expect(scheduler.state()).toEqual({
      rate: 10,
      ceiling: 40,
      learnedLimit: null,
      limitSource: 'none',
      windowMs: null,
      phase: 'discover',
      inFlightCap: null,
      inFlightHeld: null,
      resumedFrom: null,
      headroom: defaultSchedulerConfig.headroom,
      batchRate: 10 * (1 - defaultSchedulerConfig.headroom),
      tokens: 1,
      burst: 1,
      concurrency: 2,
      inFlight: 0,
      queued: { interactive: 0, batch: 0, total: 0 },
      pausedUntil: null,
      pause: null,
      announced: [],
      headersDistrusted: false,
    })
    const seen: SchedulerState[] = []
    const unsubscribe = scheduler.onState((state) => {
      seen.push(state)
    })
    const running = deferred()
    const tasks = [
      scheduler.schedule(() => running.promise, { priority: 'batch' }),
      scheduler.schedule(() => running.promise, { priority: 'batch' }),
      scheduler.schedule(() => running.promise, { priority: 'interactive' }),
    ]
    await vi.advanceTimersByTimeAsync(0)
    expect(seen).toHaveLength(1)
    // The first batch task takes the stored token; the lookup goes ahead of the other, at the next token.
    expect(seen[0]).toMatchObject({ inFlight: 1, tokens: 0, queued: { interactive: 1, batch: 1, total: 2 } })
    await vi.advanceTimersByTimeAsync(100)
    expect(seen.at(-1) ?? seen[0]).toMatchObject({ inFlight: 2, queued: { interactive: 0, batch: 1, total: 1 } })
    unsubscribe()
    const count = seen.length
    running.resolve()
    await vi.advanceTimersByTimeAsync(1000)
    await Promise.all(tasks)
    expect(seen).toHaveLength(count)
    expect(scheduler.state()).toMatchObject({ inFlight: 0, queued: { total: 0 } })
  })

  it('gets and sets its configuration, refusing nonsense', () => {
    const scheduler = createScheduler()
    expect(scheduler.config()).toEqual(defaultSchedulerConfig)
    expect(scheduler.state().rate).toBe(defaultSchedulerConfig.initialRate)
    scheduler.configure({ ceiling: 10 })
    expect(scheduler.state()).toMatchObject({ rate: 10, ceiling: 10 })
    expect(() => {
      scheduler.configure({ ceiling: 50, concurrency: 0 })
    }).toThrow(RangeError)
    expect(() => {
      scheduler.configure({ ceiling: -1 })
    }).toThrow(RangeError)
    expect(() => {
      scheduler.configure({ concurrency: 2.5 })
    }).toThrow(RangeError)
    expect(() => {
      scheduler.configure({ headroom: 0.9 })
    }).toThrow(RangeError)
    expect(scheduler.config()).toEqual({ ...defaultSchedulerConfig, ceiling: 10 })
    scheduler.configure({ headroom: 0.2 })
    expect(scheduler.state()).toMatchObject({ headroom: 0.2, batchRate: 8 })
    scheduler.configure({ initialRate: 5 })
    expect(scheduler.state()).toMatchObject({ rate: 5, learnedLimit: null })
  })

  it('starts waiting tasks at once when the concurrency is raised', async () => {
    const scheduler = createScheduler({ initialRate: 100, ceiling: 100, concurrency: 1 })
    const running = deferred()
    const tasks = [
      scheduler.schedule(() => running.promise, { priority: 'batch' }),
      scheduler.schedule(() => running.promise, { priority: 'batch' }),
    ]
    // Long enough for the next token: only the concurrency cap holds the second task.
    await vi.advanceTimersByTimeAsync(20)
    expect(scheduler.state().inFlight).toBe(1)
    scheduler.configure({ concurrency: 2 })
    await vi.advanceTimersByTimeAsync(0)
    expect(scheduler.state().inFlight).toBe(2)
    running.resolve()
    await Promise.all(tasks)
  })
})
