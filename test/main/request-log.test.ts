import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { maskEmails } from '../../src/main/request-log/mask'
import { RequestLog, requestLogCapacity, type NewLogEntry } from '../../src/main/request-log/request-log'
import type { RequestLogEntry } from '../../src/shared/contract/request-log-schema'

function attempt(path = '/api/payment/pay_1'): NewLogEntry {
  return {
    time: 1_700_000_000_000,
    method: 'GET',
    path,
    status: 200,
    durationMs: 12,
    attempt: 1,
    queuedMs: 0,
    rateLimited: false,
    account: 'Default',
    errorCode: null,
    priority: 'interactive',
  }
}

function addMany(log: RequestLog, count: number): void {
  for (let i = 0; i < count; i++) log.add(attempt(`/api/payment/pay_${i}`))
}

describe('RequestLog as a ring buffer', () => {
  it('keeps every entry, oldest first, while under capacity', () => {
    const log = new RequestLog({ capacity: 5 })
    addMany(log, 3)
    expect(log.snapshot().map((e) => e.path)).toEqual(['/api/payment/pay_0', '/api/payment/pay_1', '/api/payment/pay_2'])
  })

  it('keeps only the newest entries once full, oldest first, with increasing ids', () => {
    const log = new RequestLog({ capacity: 5 })
    addMany(log, 12)
    const snapshot = log.snapshot()
    expect(snapshot.map((e) => e.path)).toEqual([7, 8, 9, 10, 11].map((i) => `/api/payment/pay_${i}`))
    expect(snapshot.map((e) => e.id)).toEqual([8, 9, 10, 11, 12])
  })

  it(`holds ${requestLogCapacity} entries by default`, () => {
    const log = new RequestLog()
    addMany(log, requestLogCapacity + 250)
    const snapshot = log.snapshot()
    expect(snapshot).toHaveLength(requestLogCapacity)
    expect(snapshot[0]?.path).toBe('/api/payment/pay_250')
    expect(snapshot.at(-1)?.path).toBe(`/api/payment/pay_${requestLogCapacity + 249}`)
    expect(snapshot.every((entry, i) => i === 0 || entry.id === (snapshot[i - 1]?.id ?? 0) + 1)).toBe(true)
  })

  it('returns the stored entry with its id from add', () => {
    const log = new RequestLog()
    const first = log.add(attempt())
    const second = log.add(attempt())
    expect(first).toEqual({ ...attempt(), id: 1 })
    expect(second.id).toBe(2)
  })

  it('empties on clear, and ids keep increasing so the screen never sees one twice', () => {
    const log = new RequestLog({ capacity: 5 })
    addMany(log, 3)
    log.clear()
    expect(log.snapshot()).toEqual([])
    expect(log.add(attempt()).id).toBe(4)
    expect(log.snapshot()).toHaveLength(1)
  })
})

describe('e-mail addresses in paths', () => {
  it('are masked in the log', () => {
    const log = new RequestLog()
    const entry = log.add(attempt('/api/customers/ada.lovelace@example.com/payments'))
    expect(entry.path).toBe('/api/customers/a***@example.com/payments')
    expect(JSON.stringify(log.snapshot())).not.toContain('lovelace')
  })

  it.each([
    ['ada@example.com', 'a***@example.com'],
    ['/search?email=bob.smith+tag@mail.example.co.uk&x=1', '/search?email=b***@mail.example.co.uk&x=1'],
    ['a@b.io and c.d@e.org', 'a***@b.io and c***@e.org'],
    [`/api/payment/${encodeURIComponent('bob+tag@example.com')}`, '/api/payment/b***%40example.com'],
    ['/api/payment/pay_123', '/api/payment/pay_123'],
    ['/api/payment/no-at-sign.example.com', '/api/payment/no-at-sign.example.com'],
    ['zoë@bücher.example', 'z***@bücher.example'],
    ['{"to":"josé.garcía@example.es"}', '{"to":"j***@example.es"}'],
    [`/api/payment/${encodeURIComponent('zoë@bücher.example')}`, '/api/payment/z***%40b%C3%BCcher.example'],
    [`/api/payment/${encodeURIComponent('山田@example.jp')}`, '/api/payment/%E5%B1%B1***%40example.jp'],
    // An ID that held `%40` already, encoded once more by the client.
    [`/api/payment/${encodeURIComponent('bob%40example.com')}`, '/api/payment/b***%2540example.com'],
    ['{"to":"zo\\u00eb\\u0040example.com"}', '{"to":"z***\\u0040example.com"}'],
    ['foo@bar@example.com', 'f***@b***@example.com'],
    ['ping @ada, 50% @ noon, a@.b', 'ping @ada, 50% @ noon, a@.b'],
  ])('%s becomes %s', (input, masked) => {
    expect(maskEmails(input)).toBe(masked)
  })
})

describe('live updates', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })

  afterEach(() => {
    vi.useRealTimers()
  })

  it('delivers a burst of 1,000 adds as one batch, in order', () => {
    const log = new RequestLog()
    const listener = vi.fn<(entries: RequestLogEntry[]) => void>()
    log.subscribe(listener)
    addMany(log, 1_000)
    expect(listener).not.toHaveBeenCalled()
    vi.advanceTimersByTime(100)
    expect(listener).toHaveBeenCalledTimes(1)
    const batch = listener.mock.calls[0]?.[0] ?? []
    expect(batch).toHaveLength(1_000)
    expect(batch.map((e) => e.id)).toEqual(Array.from({ length: 1_000 }, (_, i) => i + 1))
  })

  it('sends at most about ten batches a second under a steady stream, losing nothing', () => {
    const log = new RequestLog()
    const listener = vi.fn<(entries: RequestLogEntry[]) => void>()
    log.subscribe(listener)
    for (let ms = 0; ms < 1_000; ms++) {
      log.add(attempt())
      vi.advanceTimersByTime(1)
    }
    vi.advanceTimersByTime(100)
    expect(listener.mock.calls.length).toBeGreaterThanOrEqual(9)
    expect(listener.mock.calls.length).toBeLessThanOrEqual(11)
    expect(listener.mock.calls.flatMap(([entries]) => entries)).toHaveLength(1_000)
  })

  it('sends each batch to every listener', () => {
    const log = new RequestLog()
    const first = vi.fn<(entries: RequestLogEntry[]) => void>()
    const second = vi.fn<(entries: RequestLogEntry[]) => void>()
    log.subscribe(first)
    log.subscribe(second)
    addMany(log, 3)
    vi.advanceTimersByTime(100)
    expect(first.mock.calls[0]?.[0]).toHaveLength(3)
    expect(second.mock.calls[0]?.[0]).toHaveLength(3)
  })

  it('stops sending to a listener that unsubscribed, and keeps sending to the others', () => {
    const log = new RequestLog()
    const gone = vi.fn<(entries: RequestLogEntry[]) => void>()
    const stays = vi.fn<(entries: RequestLogEntry[]) => void>()
    const unsubscribe = log.subscribe(gone)
    log.subscribe(stays)
    log.add(attempt())
    unsubscribe()
    log.add(attempt())
    vi.advanceTimersByTime(1_000)
    expect(gone).not.toHaveBeenCalled()
    expect(stays.mock.calls.flatMap(([entries]) => entries)).toHaveLength(2)
  })

  it('drops what was pending when the last listener leaves', () => {
    const log = new RequestLog()
    const listener = vi.fn<(entries: RequestLogEntry[]) => void>()
    const unsubscribe = log.subscribe(listener)
    addMany(log, 5)
    unsubscribe()
    expect(vi.getTimerCount()).toBe(0)
    const later = vi.fn<(entries: RequestLogEntry[]) => void>()
    log.subscribe(later)
    log.add(attempt())
    vi.advanceTimersByTime(100)
    expect(listener).not.toHaveBeenCalled()
    expect(later.mock.calls.map(([entries]) => entries.map((e) => e.id))).toEqual([[6]])
  })

  it('queues nothing and starts no timer when nobody listens', () => {
    const log = new RequestLog()
    addMany(log, 500)
    expect(vi.getTimerCount()).toBe(0)
    const listener = vi.fn<(entries: RequestLogEntry[]) => void>()
    log.subscribe(listener)
    vi.advanceTimersByTime(1_000)
    expect(listener).not.toHaveBeenCalled()
    expect(log.snapshot()).toHaveLength(500)
  })
})
