import { beforeEach, describe, expect, it } from 'vitest'
import { useRequests } from '../../../src/renderer/src/stores/requests-store'
import { installFakeApi, type FakeApi } from '../fake-api'
import { entry, rateLimited, schedulerState } from './entries'

describe('requests store', () => {
  let api: FakeApi
  beforeEach(() => {
    api = installFakeApi()
    api.handle('getScheduler', () => ({ config: { ceiling: 100, concurrency: 20, headroom: 0.1 }, state: schedulerState() }))
  })

  it('loads the snapshot, merges live batches by ID and counts the 429s', async () => {
    const [a, b, c] = [entry(), rateLimited(), entry()]
    api.handle('getRequestLog', () => [a, b])
    await useRequests.getState().start()
    expect(useRequests.getState()).toMatchObject({
      load: 'ready',
      rateLimitedCount: 1,
      config: { ceiling: 100, concurrency: 20, headroom: 0.1 },
    })
    // A batch overlapping the snapshot adds only what is new.
    api.emit('requestLogAppended', [b, c, rateLimited()])
    const { entries, rateLimitedCount } = useRequests.getState()
    expect(entries.map((e) => e.id)).toEqual([a.id, b.id, c.id, entries.at(-1)?.id ?? 0])
    expect(rateLimitedCount).toBe(2)
  })

  it('keeps the newest 10,000 entries', async () => {
    api.handle('getRequestLog', () => Array.from({ length: 10_000 }, () => entry()))
    await useRequests.getState().start()
    const newest = Array.from({ length: 5 }, () => rateLimited())
    api.emit('requestLogAppended', newest)
    const { entries, rateLimitedCount } = useRequests.getState()
    expect(entries).toHaveLength(10_000)
    expect(entries.at(-1)?.id).toBe(newest.at(-1)?.id)
    expect(rateLimitedCount).toBe(5)
  })

  it('follows the scheduler live, ceiling, concurrency and headroom included', async () => {
    api.handle('getRequestLog', () => [])
    await useRequests.getState().start()
    const before = useRequests.getState().config
    api.emit('schedulerState', schedulerState({ rate: 3, pausedUntil: Date.now() + 4000 }))
    expect(useRequests.getState().scheduler?.rate).toBe(3)
    expect(useRequests.getState().config).toBe(before)
    api.emit('schedulerState', schedulerState({ ceiling: 5, concurrency: 2, headroom: 0.2 }))
    expect(useRequests.getState().config).toEqual({ ceiling: 5, concurrency: 2, headroom: 0.2 })
  })

  it('says why the log could not load, and loads it on reload', async () => {
    api.fail('getRequestLog', { code: 'internal', message: 'The request log is not available.' })
    await useRequests.getState().start()
    expect(useRequests.getState()).toMatchObject({ load: 'error', loadError: { message: 'The request log is not available.' } })
    api.handle('getRequestLog', () => [entry()])
    await useRequests.getState().reload()
    expect(useRequests.getState()).toMatchObject({ load: 'ready', loadError: null })
    expect(useRequests.getState().entries).toHaveLength(1)
  })

  it('starts only once', async () => {
    api.handle('getRequestLog', () => [])
    await Promise.all([useRequests.getState().start(), useRequests.getState().start()])
    expect(api.calls('getRequestLog')).toHaveLength(1)
  })

  it('applies a new ceiling and concurrency through configureScheduler, and throws a refusal', async () => {
    api.handle('configureScheduler', (patch) => ({
      config: { ceiling: patch.ceiling ?? 100, concurrency: patch.concurrency ?? 20, headroom: patch.headroom ?? 0.1 },
      state: schedulerState({ ceiling: patch.ceiling ?? 100, concurrency: patch.concurrency ?? 20 }),
    }))
    await useRequests.getState().configure({ ceiling: 5, concurrency: 8 })
    expect(api.calls('configureScheduler')).toEqual([{ ceiling: 5, concurrency: 8 }])
    expect(useRequests.getState().config).toEqual({ ceiling: 5, concurrency: 8, headroom: 0.1 })
    expect(useRequests.getState().scheduler?.ceiling).toBe(5)
    api.fail('configureScheduler', { code: 'validation', message: 'The ceiling must be at most 1000.' })
    await expect(useRequests.getState().configure({ ceiling: 5000 })).rejects.toMatchObject({ code: 'validation' })
    expect(useRequests.getState().config).toEqual({ ceiling: 5, concurrency: 8, headroom: 0.1 })
  })

  it('filters combine and clear', () => {
    useRequests.getState().setFilter({ status: '4xx' })
    useRequests.getState().setFilter({ path: 'pay_' })
    expect(useRequests.getState().filter).toEqual({ status: '4xx', rateLimitedOnly: false, path: 'pay_' })
    useRequests.getState().clearFilter()
    expect(useRequests.getState().filter).toEqual({ status: 'all', rateLimitedOnly: false, path: '' })
  })
})
