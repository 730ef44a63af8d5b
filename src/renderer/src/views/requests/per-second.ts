import type { RequestLogEntry } from '../../../../shared/contract/request-log-schema'
import { formatClock } from '../../../../shared/format/time'

export interface SecondBucket {
  /** Epoch ms at the start of the second. */
  time: number
  label: string
  requests: number
  rateLimited: number
}

/** Requests and 429s per second over the `seconds` up to and including the one `now` falls in. */
export function bucketBySecond(entries: readonly RequestLogEntry[], now: number, seconds: number): SecondBucket[] {
  const last = Math.floor(now / 1000)
  const first = last - seconds + 1
  const buckets: SecondBucket[] = Array.from({ length: seconds }, (_, index) => {
    const time = (first + index) * 1000
    return { time, label: formatClock(time), requests: 0, rateLimited: 0 }
  })
  // Entries are logged when they finish, so their start times are only roughly in order: look at all.
  for (const entry of entries) {
    const bucket = buckets[Math.floor(entry.time / 1000) - first]
    if (bucket === undefined) continue
    bucket.requests += 1
    if (entry.rateLimited) bucket.rateLimited += 1
  }
  return buckets
}
