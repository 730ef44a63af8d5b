/**
 * What this desk leaves colleagues on the key of a count it shares with them (an announced quota, or
 * a learnt cap on requests in flight): the headroom's share in whole places, but never so much that
 * the desk could not take one place of the whole (a quota of 1 with any headroom would hold it for
 * ever). Rounded down: a share of a place, kept in every window, would be a whole one (a third of a
 * window of three); the desk's own pace, the rate less the headroom, leaves the rest over time.
 * Less `ownLookups`, this desk's lookups of the window: they came out of the headroom already.
 */
export function colleaguesShare(headroom: number, limit: number | null, ownLookups: number): number {
  return limit === null ? 0 : Math.max(0, Math.min(Math.floor(headroom * limit), limit - 1) - ownLookups)
}
