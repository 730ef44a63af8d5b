import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { secretFingerprint } from '../../../src/main/webhooks/fingerprint'
import { defaultToleranceSeconds, verifySignature, type SignatureInput } from '../../../src/main/webhooks/verify-signature'
import { newWebhookSecret, signatureFor } from '../../../src/sandbox/signing'

const now = 1_700_000_000
const secret = newWebhookSecret()
const hookId = 'msg_2a1X9pQmZk3'
const body = JSON.stringify({ type: 'payment.succeeded', data: { id: 'pay_123', amount: 4200, email: 'ada@example.com' } })

/** A delivery exactly as the sandbox signs it, checked at `now` unless a field is overridden. */
function delivery(overrides: Partial<SignatureInput> = {}, signedAt = now): SignatureInput {
  return {
    body,
    hookId,
    hookTimestamp: String(signedAt),
    hookSignature: signatureFor(secret, hookId, signedAt, body),
    secret,
    ignoreTimestamp: false,
    nowSeconds: now,
    ...overrides,
  }
}

function signedAt(seconds: number): SignatureInput {
  return delivery({ hookTimestamp: String(seconds), hookSignature: signatureFor(secret, hookId, seconds, body) })
}

describe('verifySignature: valid deliveries', () => {
  it('accepts a delivery signed by the sandbox', () => {
    expect(verifySignature(delivery())).toEqual({
      valid: true,
      cause: 'valid',
      message: 'Valid: signed with this secret, 0 s ago.',
      skewSeconds: 0,
    })
  })

  it('accepts a delivery signed by the standardwebhooks library', () => {
    const signature = new Webhook(secret).sign(hookId, new Date(now * 1000), body)
    expect(verifySignature(delivery({ hookSignature: signature })).cause).toBe('valid')
  })

  it('accepts several space-separated signatures when the second one matches (a rotated secret)', () => {
    const old = signatureFor(newWebhookSecret(), hookId, now, body)
    const result = verifySignature(delivery({ hookSignature: `${old} ${signatureFor(secret, hookId, now, body)}` }))
    expect(result.cause).toBe('valid')
  })

  it('ignores whitespace around pasted header values and the secret', () => {
    const input = delivery()
    const result = verifySignature({
      ...input,
      hookId: ` ${hookId}\n`,
      hookTimestamp: `${now}\n`,
      hookSignature: `  ${input.hookSignature}\n`,
      secret: ` ${secret}\n`,
    })
    expect(result.cause).toBe('valid')
  })

  it('accepts the secret without its whsec_ prefix', () => {
    expect(verifySignature(delivery({ secret: secret.replace(/^whsec_/, '') })).cause).toBe('valid')
  })
})

describe('verifySignature: headers', () => {
  it.each([
    ['hookId', 'hook-id'],
    ['hookTimestamp', 'hook-timestamp'],
    ['hookSignature', 'hook-signature'],
  ] as const)('names the missing %s header', (field, header) => {
    const result = verifySignature(delivery({ [field]: '  ' }))
    expect(result).toMatchObject({ valid: false, cause: 'missing-headers' })
    expect(result.message).toContain(`Missing header value: ${header}.`)
  })

  it('names every missing header at once', () => {
    const result = verifySignature(delivery({ hookId: '', hookTimestamp: '', hookSignature: '' }))
    expect(result.message).toContain('hook-id, hook-timestamp, hook-signature')
  })

  it('refuses an id with a space in it', () => {
    expect(verifySignature(delivery({ hookId: 'msg_1 hook-timestamp: 1700000000' })).cause).toBe('malformed-id')
  })

  it.each([
    ['an ISO date', '2023-11-14T22:13:20Z', 'not a date or a decimal'],
    ['a decimal', `${now}.5`, 'not a date or a decimal'],
    ['a negative number', `-${now}`, 'not a date or a decimal'],
    ['milliseconds', String(now * 1000), 'looks like milliseconds'],
  ])('refuses %s as the timestamp', (_label, hookTimestamp, message) => {
    const result = verifySignature(delivery({ hookTimestamp }))
    expect(result.cause).toBe('malformed-timestamp')
    expect(result.message).toContain(message)
  })

  it.each([
    ['without the v1, prefix', () => signatureFor(secret, hookId, now, body).slice(3)],
    ['as hex in sha256= style', () => 'sha256=3f2a9c0e8b1d4f6a7c5e9b2d1a0f8e7c6b5a4d3c2b1a0f9e8d7c6b5a4d3c2b1a'],
    ['as v1 with a hex digest', () => 'v1,3f2a9c0e8b1d4f6a7c5e9b2d1a0f8e7c6b5a4d3c2b1a0f9e8d7c6b5a4d3c2b1a'],
    ['as v1 with a cut digest', () => signatureFor(secret, hookId, now, body).slice(0, 20)],
    ['as another scheme version', () => signatureFor(secret, hookId, now, body).replace(/^v1,/, 'v1a,')],
  ])('refuses a signature %s', (_label, signature) => {
    const result = verifySignature(delivery({ hookSignature: signature() }))
    expect(result.cause).toBe('malformed-signature')
    expect(result.message).toContain('v1,<base64>')
  })
})

describe('verifySignature: time window', () => {
  it('accepts a delivery exactly at the edge of the window', () => {
    expect(verifySignature(signedAt(now - defaultToleranceSeconds))).toMatchObject({ cause: 'valid', skewSeconds: defaultToleranceSeconds })
    expect(verifySignature(signedAt(now + defaultToleranceSeconds))).toMatchObject({
      cause: 'valid',
      skewSeconds: -defaultToleranceSeconds,
    })
  })

  it('refuses a delivery one second too old, saying how old', () => {
    const result = verifySignature(signedAt(now - defaultToleranceSeconds - 1))
    expect(result).toMatchObject({ valid: false, cause: 'timestamp-too-old', skewSeconds: 301 })
    expect(result.message).toContain('301 s old')
  })

  it('refuses a delivery from the future, saying by how much', () => {
    const result = verifySignature(signedAt(now + 3_600))
    expect(result).toMatchObject({ valid: false, cause: 'timestamp-in-future', skewSeconds: -3_600 })
    expect(result.message).toContain('3600 s in the future')
  })

  it('honours a custom tolerance', () => {
    expect(verifySignature({ ...signedAt(now - 61), toleranceSeconds: 60 }).cause).toBe('timestamp-too-old')
    expect(verifySignature({ ...signedAt(now - 60), toleranceSeconds: 60 }).cause).toBe('valid')
  })

  it('accepts an old delivery when told to ignore the time window, still reporting its age', () => {
    const result = verifySignature({ ...signedAt(now - 86_400 * 30), ignoreTimestamp: true })
    expect(result).toMatchObject({ valid: true, cause: 'valid', skewSeconds: 86_400 * 30 })
  })

  it('still checks the signature when ignoring the time window', () => {
    const result = verifySignature({ ...signedAt(now - 86_400), ignoreTimestamp: true, body: body.replace('4200', '4201') })
    expect(result.cause).toBe('no-match')
  })
})

describe('verifySignature: the secret', () => {
  it('recognises a signature pasted where the secret belongs', () => {
    const input = delivery()
    const result = verifySignature({ ...input, secret: input.hookSignature })
    expect(result.cause).toBe('signature-as-secret')
    expect(result.message).toContain('whsec_')
  })

  it.each([
    ['empty', ''],
    ['only the prefix', 'whsec_'],
    ['not base64', 'whsec_this is not base64!'],
    ['too short to be a key', `whsec_${Buffer.from('short').toString('base64')}`],
    ['a private API key', 'service_prod_abc123'],
  ])('refuses a secret that is %s', (_label, value) => {
    expect(verifySignature(delivery({ secret: value })).cause).toBe('malformed-secret')
  })

  it("says no-match for another endpoint's secret", () => {
    expect(verifySignature(delivery({ secret: newWebhookSecret() }))).toMatchObject({ valid: false, cause: 'no-match', skewSeconds: 0 })
  })
})

describe('verifySignature: the body', () => {
  it.each([
    ['pretty-printed', JSON.stringify(JSON.parse(body), null, 2)],
    ['pretty-printed with four spaces', JSON.stringify(JSON.parse(body), null, 4)],
    ['with a trailing newline', `${body}\n`],
    ['with spaces around it', `  ${body}  `],
  ])('says the body was re-formatted when it was %s', (_label, pasted) => {
    const result = verifySignature(delivery({ body: pasted }))
    expect(result).toMatchObject({ valid: false, cause: 'body-reformatted' })
    expect(result.message).toContain('raw bytes')
  })

  it('says the body was re-formatted when its line ends became CRLF', () => {
    const multiline = `${JSON.stringify(JSON.parse(body), null, 2)}\n`
    const input = delivery({ body: multiline, hookSignature: signatureFor(secret, hookId, now, multiline) })
    expect(verifySignature(input).cause).toBe('valid')
    expect(verifySignature({ ...input, body: multiline.replace(/\n/g, '\r\n') }).cause).toBe('body-reformatted')
  })

  it('says the body was re-formatted when a compact body was signed pretty-printed', () => {
    const pretty = JSON.stringify(JSON.parse(body), null, 2)
    const input = delivery({ body: pretty, hookSignature: signatureFor(secret, hookId, now, pretty) })
    expect(verifySignature({ ...input, body }).cause).toBe('body-reformatted')
  })

  it('says no-match when one byte changed', () => {
    const result = verifySignature(delivery({ body: body.replace('4200', '4300') }))
    expect(result).toMatchObject({ valid: false, cause: 'no-match' })
  })

  it('says no-match for a body that is not JSON and was changed', () => {
    const text = 'plain text delivery'
    const input = delivery({ body: text, hookSignature: signatureFor(secret, hookId, now, text) })
    expect(verifySignature(input).cause).toBe('valid')
    expect(verifySignature({ ...input, body: 'plain text delivery!' }).cause).toBe('no-match')
  })

  it('says no-match when the id or timestamp was changed', () => {
    expect(verifySignature(delivery({ hookId: 'msg_other' })).cause).toBe('no-match')
    expect(verifySignature(delivery({ hookTimestamp: String(now - 1) })).cause).toBe('no-match')
  })
})

describe('secretFingerprint', () => {
  it('is stable and in the SHA256:xxxx xxxx xxxx xxxx form', () => {
    expect(secretFingerprint(secret)).toBe(secretFingerprint(secret))
    expect(secretFingerprint(secret)).toMatch(/^SHA256:[0-9a-f]{4}( [0-9a-f]{4}){3}$/)
  })

  it('tells two secrets apart', () => {
    const fingerprints = new Set(Array.from({ length: 50 }, () => secretFingerprint(newWebhookSecret())))
    expect(fingerprints.size).toBe(50)
  })

  it('reveals nothing of the secret', () => {
    const fingerprint = secretFingerprint(secret)
    const base64 = secret.replace(/^whsec_/, '')
    expect(fingerprint).not.toContain(secret)
    expect(fingerprint).not.toContain(base64)
    expect(fingerprint).not.toContain(base64.slice(0, 8))
    expect(fingerprint).not.toContain(Buffer.from(base64, 'base64').toString('hex').slice(0, 8))
  })
})
