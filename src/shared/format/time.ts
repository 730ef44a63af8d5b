// Moments as the app shows them: the reader's local time, UTC beside it, and how long ago.
// Local times use a 24-hour clock everywhere, so a log line and a table cell read alike.

const localDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23' })
const localShort = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' })
const localClock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' })

const justNowMs = 10_000
const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
]

/** Date and time on the reader's clock: "Jan 15, 2025, 13:00:00". */
export function formatLocal(epochMs: number): string {
  return localDateTime.format(epochMs)
}

/** Date and time on the reader's clock in a table cell's room: "1/15/25, 13:00". */
export function formatLocalShort(epochMs: number): string {
  return localShort.format(epochMs)
}

/** Time of day on the reader's clock, to the second: "13:00:00". */
export function formatClock(epochMs: number): string {
  return localClock.format(epochMs)
}

/** Time of day with milliseconds: requests a few ms apart stay apart. */
export function formatClockMs(epochMs: number): string {
  return `${localClock.format(epochMs)}.${String(Math.floor(epochMs % 1000)).padStart(3, '0')}`
}

/** "2025-01-15 12:00:00 UTC", to the second. */
export function formatUtc(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ')} UTC`
}

/** "3 hours ago", "in 2 minutes", in the largest whole unit; within ten seconds either way, "just now". */
export function formatRelative(epochMs: number, now: number): string {
  const diff = epochMs - now
  if (Math.abs(diff) < justNowMs) return 'just now'
  for (const [unit, size] of units) {
    if (Math.abs(diff) >= size) return relative.format(Math.trunc(diff / size), unit)
  }
  return 'just now'
}

export interface TimeReading {
  local: string
  utc: string
  relative: string
}

/** A moment (epoch ms or the service's ISO text) read all three ways; null when it is not a date. */
export function readTime(value: number | string, now: number = Date.now()): TimeReading | null {
  const time = new Date(value).getTime()
  if (Number.isNaN(time)) return null
  return { local: formatLocal(time), utc: formatUtc(time), relative: formatRelative(time, now) }
}
