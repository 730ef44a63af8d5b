const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })

/** Local wall-clock time, to the second. */
export function formatClock(epochMs: number): string {
  return clock.format(epochMs)
}

/** Local wall-clock time with milliseconds: requests a few ms apart stay apart. */
export function formatClockMs(epochMs: number): string {
  return `${clock.format(epochMs)}.${String(Math.floor(epochMs % 1000)).padStart(3, '0')}`
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`
}

/** Requests per second with the precision a fractional limit (0.25 req/s) needs. */
export function formatRate(rate: number): string {
  const digits = rate >= 100 ? 0 : rate >= 10 ? 1 : 2
  return String(Number(rate.toFixed(digits)))
}
