import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { environmentIds } from '../../src/shared/environments'
import { addRecentLookup, recentInAll, recentLookupsIn, recentPerPlace, type RecentLookup } from '../../src/shared/recent-lookups'

const entry = fc.record({
  id: fc.constantFrom('pay_a', 'pay_b', 'pay_c', 'pay_d'),
  environment: fc.constantFrom(...environmentIds),
  account: fc.constantFrom('default', 'shop-fr'),
})

describe('recent lookups', () => {
  it('puts the newest first, once per place, within both limits, and never shows one place another place’s IDs', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 400 }), (added) => {
        let list: RecentLookup[] = []
        for (const next of added) list = addRecentLookup(list, next)
        expect(list.length).toBeLessThanOrEqual(recentInAll)
        for (const environment of environmentIds) {
          for (const account of ['default', 'shop-fr']) {
            const ids = recentLookupsIn(list, { environment, account })
            expect(new Set(ids).size).toBe(ids.length)
            expect(ids.length).toBeLessThanOrEqual(recentPerPlace)
            // Every ID shown for a place was looked up there.
            const there = added.filter((e) => e.environment === environment && e.account === account).map((e) => e.id)
            for (const id of ids) expect(there).toContain(id)
            // The newest lookup of the place comes first.
            if (there.length > 0 && ids.length > 0) expect(ids[0]).toBe(there[there.length - 1])
          }
        }
      }),
      { verbose: true },
    )
  })

  it('lets one busy place keep at most its own share', () => {
    let list: RecentLookup[] = [{ id: 'pay_quiet', environment: 'production', account: 'default' }]
    for (let i = 0; i < 150; i++) list = addRecentLookup(list, { id: `pay_${i}`, environment: 'local', account: 'default' })
    expect(recentLookupsIn(list, { environment: 'production', account: 'default' })).toEqual(['pay_quiet'])
    expect(recentLookupsIn(list, { environment: 'local', account: 'default' })).toHaveLength(recentPerPlace)
  })
})
