// Formatting for the payment screen: what the service sent, and a reading of it that
// says what it assumes.

import { formatRelative } from '../../format/relative-time'

export { formatRelative }

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

export { statusColor } from '../../format/status-color'
