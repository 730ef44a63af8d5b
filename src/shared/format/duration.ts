/**
 * A length of time in milliseconds, in words: "850 ms", "4.25 s", "45 s", "3 min 20 s", "1 h 5 min".
 * Negative lengths (a deadline already passed) read as zero.
 */
export function formatDuration(ms: number): string {
  const clamped = Math.max(0, ms)
  if (Math.round(clamped) < 1000) return `${Math.round(clamped)} ms`
  // Hundredths under ten seconds: request times a few ms apart still read apart.
  const hundredths = Math.round(clamped / 10)
  if (hundredths < 1000) return `${(hundredths / 100).toFixed(2)} s`
  const seconds = Math.round(clamped / 1000)
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}
