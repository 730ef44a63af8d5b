const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3_600_000],
  ['month', 30 * 24 * 3_600_000],
  ['week', 7 * 24 * 3_600_000],
  ['day', 24 * 3_600_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
]

/** "3 hours ago", "in 2 minutes"; under ten seconds is "just now". */
export function formatRelative(time: number, now: number): string {
  const diff = time - now
  if (Math.abs(diff) < 10_000) return 'just now'
  for (const [unit, size] of units) {
    if (Math.abs(diff) >= size) return relative.format(Math.trunc(diff / size), unit)
  }
  return 'just now'
}

export function formatLocal(time: number): string {
  return new Date(time).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })
}

export function formatLocalTime(time: number): string {
  return new Date(time).toLocaleTimeString(undefined, { timeStyle: 'medium' })
}

export function formatUtc(time: number): string {
  return `${new Date(time).toISOString().slice(0, 19).replace('T', ' ')} UTC`
}
