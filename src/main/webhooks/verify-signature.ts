import { createHmac, timingSafeEqual } from 'node:crypto'
import type { SignatureCheckResult } from '../../shared/contract/webhook-schema'

// Standard Webhooks v1 under the service's `hook-` prefix (DESIGN.md): the service does
// not publish its algorithm, so this is an assumption the screen states.

export const defaultToleranceSeconds = 300

export interface SignatureInput {
  body: string
  hookId: string
  hookTimestamp: string
  hookSignature: string
  secret: string
  ignoreTimestamp: boolean
  nowSeconds: number
  toleranceSeconds?: number
}

function result(cause: SignatureCheckResult['cause'], message: string, skewSeconds: number | null = null): SignatureCheckResult {
  return { valid: cause === 'valid', cause, message, skewSeconds }
}

function sign(key: Buffer, id: string, timestamp: string, body: string): Buffer {
  return createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest()
}

function secretKey(secret: string): Buffer | null {
  const text = secret.trim().replace(/^whsec_/, '')
  if (text === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null
  const key = Buffer.from(text, 'base64')
  return key.length >= 16 ? key : null
}

function signatures(header: string): Buffer[] {
  return header
    .trim()
    .split(/\s+/)
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => Buffer.from(entry.slice(3), 'base64'))
    .filter((digest) => digest.length === 32)
}

function matches(expected: Buffer, candidates: Buffer[]): boolean {
  return candidates.some((candidate) => timingSafeEqual(expected, candidate))
}

// Ways a body is commonly changed between the wire and the person pasting it.
function reformattings(body: string): string[] {
  const variants = [body.trim(), body.replace(/\r\n/g, '\n'), `${body}\n`, body.replace(/\n$/, '')]
  try {
    const parsed: unknown = JSON.parse(body)
    variants.push(JSON.stringify(parsed), JSON.stringify(parsed, null, 2), JSON.stringify(parsed, null, 4))
  } catch {
    // Not JSON: only the whitespace variants apply.
  }
  return [...new Set(variants)].filter((variant) => variant !== body)
}

/** Checks a delivery's signature and says, when it fails, which part is wrong. */
export function verifySignature(input: SignatureInput): SignatureCheckResult {
  const tolerance = input.toleranceSeconds ?? defaultToleranceSeconds
  const hookId = input.hookId.trim()
  const timestamp = input.hookTimestamp.trim()
  const header = input.hookSignature.trim()
  const missing = [!hookId && 'hook-id', !timestamp && 'hook-timestamp', !header && 'hook-signature'].filter(Boolean)
  if (missing.length > 0)
    return result('missing-headers', `Missing header value: ${missing.join(', ')}. Copy all three hook-* headers of the delivery.`)

  const secret = input.secret.trim()
  if (/^v1,/.test(secret)) {
    return result(
      'signature-as-secret',
      'That is a signature (v1,...), pasted where the secret belongs. The secret starts with whsec_ and is the one returned when the endpoint was registered.',
    )
  }
  const key = secretKey(secret)
  if (!key) return result('malformed-secret', 'The secret is not in the whsec_<base64> form returned when the endpoint was registered.')

  if (/\s/.test(hookId)) return result('malformed-id', 'The hook-id contains spaces or line breaks: copy the header value alone.')
  if (!/^\d+$/.test(timestamp)) {
    return result('malformed-timestamp', 'The hook-timestamp must be whole seconds since 1970 (like 1700000000), not a date or a decimal.')
  }
  if (timestamp.length >= 13) {
    return result('malformed-timestamp', 'The hook-timestamp looks like milliseconds; the header carries seconds (10 digits).')
  }
  const candidates = signatures(header)
  if (candidates.length === 0) {
    return result(
      'malformed-signature',
      'The hook-signature has no "v1,<base64>" entry. It should look like "v1,K5oZ...=" (several may be separated by spaces).',
    )
  }

  const skew = input.nowSeconds - Number(timestamp)
  if (!matches(sign(key, hookId, timestamp, input.body), candidates)) {
    if (reformattings(input.body).some((variant) => matches(sign(key, hookId, timestamp, variant), candidates))) {
      return result(
        'body-reformatted',
        'The body was changed after it was signed (re-formatted JSON or changed whitespace). Verify the raw bytes as received, before any parsing.',
        skew,
      )
    }
    return result(
      'no-match',
      "No signature matches this secret and body: the body differs from what was signed (even one byte), or the secret is not this endpoint's.",
      skew,
    )
  }
  if (!input.ignoreTimestamp && Math.abs(skew) > tolerance) {
    return skew > 0
      ? result(
          'timestamp-too-old',
          `The signature is right, but the delivery is ${skew} s old, more than the ${tolerance} s allowed: a replay, or an old delivery (tick "ignore the time window" to check one).`,
          skew,
        )
      : result(
          'timestamp-in-future',
          `The signature is right, but the timestamp is ${-skew} s in the future: check this computer's clock.`,
          skew,
        )
  }
  return result('valid', `Valid: signed with this secret${input.ignoreTimestamp ? '' : `, ${Math.max(0, skew)} s ago`}.`, skew)
}
