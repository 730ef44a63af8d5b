import { formatCount } from './format/number'

/**
 * Text from outside (the service's messages) cut to `maxChars`, saying so and how long it
 * was, so a reader never mistakes the cut text for the whole.
 */
export function truncateText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text
  let kept = text.slice(0, maxChars)
  // Never leave half of a surrogate pair at the cut: it is not a character.
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1)
  return `${kept}… (truncated, ${formatCount(text.length)} characters in all)`
}
