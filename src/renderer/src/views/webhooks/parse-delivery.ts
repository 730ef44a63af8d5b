export interface ParsedDelivery {
  hookId: string | null
  hookTimestamp: string | null
  hookSignature: string | null
  /** Everything after the first blank line, byte for byte; null when there is no blank line. */
  body: string | null
  /** The hook-* headers the text did not contain. */
  missing: string[]
}

const hookHeaders = { 'hook-id': 'hookId', 'hook-timestamp': 'hookTimestamp', 'hook-signature': 'hookSignature' } as const
type HookHeader = keyof typeof hookHeaders

function isHookHeader(name: string): name is HookHeader {
  return name in hookHeaders
}

/**
 * Splits a delivery pasted as raw HTTP (an optional request line, "name: value"
 * headers, a blank line, the body) into the checker's fields. The body is kept
 * exactly as pasted: trimming it would change what was signed.
 */
export function parseDelivery(text: string): ParsedDelivery {
  const blank = /\r?\n\r?\n/.exec(text)
  const head = blank ? text.slice(0, blank.index) : text
  const body = blank ? text.slice(blank.index + blank[0].length) : null
  const found: Partial<Record<HookHeader, string>> = {}
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    if (isHookHeader(name)) found[name] = line.slice(colon + 1).trim()
  }
  return {
    hookId: found['hook-id'] ?? null,
    hookTimestamp: found['hook-timestamp'] ?? null,
    hookSignature: found['hook-signature'] ?? null,
    body,
    missing: (Object.keys(hookHeaders) as HookHeader[]).filter((name) => found[name] === undefined),
  }
}
