// Numbers and times as the batch screen shows them.

const integer = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 })
const oneDecimal = new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' })
export const formatCount = (value: number): string => integer.format(value)

export const formatRate = (perSecond: number): string => `${oneDecimal.format(perSecond)} req/s`

/** "45 s", "3 min 20 s", "1 h 5 min". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  if (s < 60) return `${s} s`
  const minutes = Math.floor(s / 60)
  if (minutes < 60) return `${minutes} min ${s % 60} s`
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

export { formatRelative } from '../../format/relative-time'

export interface Moment {
  local: string
  utc: string
}

/** A timestamp (ms or ISO text) in local time and in UTC; null when it is not a date. */
export function readMoment(value: number | string): Moment | null {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return null
  return { local: dateTime.format(date), utc: `${date.toISOString().replace('T', ' ').replace(/\.\d+Z$/, '')} UTC` }
}
