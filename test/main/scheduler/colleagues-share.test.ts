import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { colleaguesShare } from '../../../src/main/scheduler/colleagues-share'
import { maxHeadroom } from '../../../src/main/scheduler/scheduler-config'

const headroom = fc.double({ min: 0, max: maxHeadroom, noNaN: true })
const limit = fc.integer({ min: 1, max: 10_000 })
const ownLookups = fc.integer({ min: 0, max: 200 })

describe('colleaguesShare', () => {
  it('leaves the desk at least one place of any count, so a quota or a cap of one never stalls it', () => {
    fc.assert(
      fc.property(headroom, limit, ownLookups, (h, l, own) => {
        expect(colleaguesShare(h, l, own)).toBeLessThanOrEqual(l - 1)
      }),
    )
  })

  it('never leaves colleagues more than the headroom, nor less than it by a whole place unless that would take the last', () => {
    fc.assert(
      fc.property(headroom, limit, ownLookups, (h, l, own) => {
        const share = colleaguesShare(h, l, own)
        expect(share).toBeGreaterThanOrEqual(0)
        expect(share).toBeLessThanOrEqual(h * l)
        if (share < l - 1) expect(share).toBeGreaterThan(h * l - own - 1)
      }),
    )
  })

  it("counts this desk's own lookups of the window as taken from the headroom already", () => {
    fc.assert(
      fc.property(headroom, limit, ownLookups, (h, l, own) => {
        expect(colleaguesShare(h, l, own)).toBe(Math.max(0, colleaguesShare(h, l, 0) - own))
      }),
    )
  })

  it('leaves nothing of a count nobody announced or learnt', () => {
    expect(colleaguesShare(0.1, null, 0)).toBe(0)
  })
})
