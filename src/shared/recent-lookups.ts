import type { AccountRef } from './accounts'

// A payment ID means something only in the environment and account it was looked up in: the
// sandbox's pay_seed_card_declined is no payment in Production. So each recent lookup keeps
// where it was made, and a screen shows only those made where lookups go now.

/** One recent lookup: the ID and where it was looked up. */
export interface RecentLookup extends AccountRef {
  id: string
}

/** Kept per environment and account: one busy account does not push another's out. */
export const recentPerPlace = 20
/** And at most this many in all, the oldest going first. */
export const recentInAll = 100

const samePlace = (a: AccountRef, b: AccountRef): boolean => a.environment === b.environment && a.account === b.account

/** The IDs looked up in `place`, newest first. */
export function recentLookupsIn(list: readonly RecentLookup[], place: AccountRef): string[] {
  return list.filter((entry) => samePlace(entry, place)).map((entry) => entry.id)
}

/** `list` with `entry` first (once), trimmed to the limits. */
export function addRecentLookup(list: readonly RecentLookup[], entry: RecentLookup): RecentLookup[] {
  const next = [entry]
  let inPlace = 1
  for (const old of list) {
    if (next.length >= recentInAll) break
    if (!samePlace(old, entry)) next.push(old)
    else if (old.id !== entry.id && inPlace < recentPerPlace) {
      next.push(old)
      inPlace++
    }
  }
  return next
}
