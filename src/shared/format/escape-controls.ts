// Control characters, line and paragraph separators and bidi controls, which could end a line
// early or reorder what a reader sees (Trojan Source, CVE-2021-42574).
const unsafeCharacters = /[\p{Cc}\p{Zl}\p{Zp}\p{Bidi_Control}]/gu

const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/**
 * `text` as one line that reads as it is: every control, line-break and bidi character shown as
 * an escape (`\n`, `\r`, `\t`, `\u202E`). For text from outside (a service's message, an ID, an
 * account name, a path) where it enters a log line or the diagnostics of a support ticket.
 */
export function escapeControls(text: string): string {
  return text.replace(
    unsafeCharacters,
    (char) => named[char] ?? `\\u${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`,
  )
}
