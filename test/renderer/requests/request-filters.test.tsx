import { describe, expect, it } from 'vitest'
import { noFilter } from '../../../src/renderer/src/stores/requests-store'
import { bucketBySecond } from '../../../src/renderer/src/views/requests/per-second'
import { filterNewestFirst, isFiltered, statusClassOf } from '../../../src/renderer/src/views/requests/request-filters'
import { entry, rateLimited } from './entries'

describe('request filters', () => {
  const log = [
    entry({ status: 200, path: '/api/payment/pay_seed_card_declined' }),
    entry({ status: 404, path: '/api/payment/pay_missing' }),
    rateLimited({ path: '/api/payment/pay_seed_card_declined' }),
    entry({ status: 503, path: '/api/checkout' }),
    entry({ status: null, errorCode: 'timeout', path: '/api/checkout' }),
  ]

  it('sorts status codes into classes, with no answer its own class', () => {
    expect([200, 201, 404, 429, 500, 503, null, 302].map(statusClassOf)).toEqual([
      '2xx',
      '2xx',
      '4xx',
      '4xx',
      '5xx',
      '5xx',
      'none',
      'other',
    ])
  })

  it('lists every entry newest first with no filter', () => {
    expect(filterNewestFirst(log, noFilter).map((e) => e.id)).toEqual(log.map((e) => e.id).reverse())
    expect(isFiltered(noFilter)).toBe(false)
  })

  it('filters by status class, 429 only and path text, all at once', () => {
    const ids = (filter: Partial<typeof noFilter>) => filterNewestFirst(log, { ...noFilter, ...filter }).map((e) => e.status)
    expect(ids({ status: '4xx' })).toEqual([429, 404])
    expect(ids({ status: '5xx' })).toEqual([503])
    expect(ids({ status: 'none' })).toEqual([null])
    expect(ids({ status: '2xx' })).toEqual([200])
    expect(ids({ rateLimitedOnly: true })).toEqual([429])
    expect(ids({ path: '  CARD_declined ' })).toEqual([429, 200])
    expect(ids({ path: 'checkout', status: '5xx' })).toEqual([503])
    expect(ids({ rateLimitedOnly: true, status: '2xx' })).toEqual([])
    expect(isFiltered({ ...noFilter, path: ' ' })).toBe(false)
    expect(isFiltered({ ...noFilter, rateLimitedOnly: true })).toBe(true)
  })
})

describe('bucketBySecond', () => {
  it('counts requests and 429s per second over the window, oldest first, and drops what is outside', () => {
    const now = 1_700_000_100_500
    const log = [
      entry({ time: now - 200_000 }),
      entry({ time: now - 2_100 }),
      rateLimited({ time: now - 2_000 }),
      entry({ time: now - 400 }),
      rateLimited({ time: now - 300 }),
      entry({ time: now }),
      entry({ time: now + 5_000 }),
    ]
    const buckets = bucketBySecond(log, now, 180)
    expect(buckets).toHaveLength(180)
    expect(buckets.at(-1)).toMatchObject({ time: 1_700_000_100_000, requests: 3, rateLimited: 1 })
    expect(buckets.at(-2)).toMatchObject({ requests: 0, rateLimited: 0 })
    expect(buckets.at(-3)).toMatchObject({ requests: 2, rateLimited: 1 })
    expect(buckets.reduce((sum, b) => sum + b.requests, 0)).toBe(5)
    expect(buckets[0]?.time).toBe(1_700_000_100_000 - 179_000)
  })
})
