// Formatting for the payment screen: what the service sent, and a reading of it that
// says what it assumes.

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })

const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
]

/** "3 hours ago", "in 2 minutes", "now". */
export function formatRelative(time: number, now: number): string {
  let value = (time - now) / 1000
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit)
    value /= size
  }
  return relative.format(Math.round(value), 'year')
}

export interface TimeReading {
  local: string
  utc: string
  relative: string
}

/** A service timestamp in local time, UTC and relative to now; null when it is not a date. */
export function readTime(iso: string, now: number): TimeReading | null {
  const date = new Date(iso)
  const time = date.getTime()
  if (Number.isNaN(time)) return null
  return {
    local: date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'long' }),
    utc: `${date.toISOString().replace('T', ' ').replace(/\.\d+Z$|Z$/, '')} UTC`,
    relative: formatRelative(time, now),
  }
}

/**
 * The amount as if it were in cents (minor units): the sandbox's convention. The
 * service's documentation does not define the unit, so the screen says so next to it.
 */
export function formatAssumingCents(amount: number, currency: string | undefined): string {
  const major = amount / 100
  if (currency) {
    try {
      return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(major)
    } catch {
      // Not an ISO 4217 code: show the number and the code as they came.
    }
  }
  const number = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(major)
  return currency ? `${number} ${currency}` : number
}

export function statusColor(status: string | undefined): string {
  switch (status?.toLowerCase()) {
    case 'failed':
      return 'red'
    case 'settled':
    case 'succeeded':
    case 'paid':
      return 'teal'
    case 'pending':
      return 'yellow'
    default:
      return 'gray'
  }
}
