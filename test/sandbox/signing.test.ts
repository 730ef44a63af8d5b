import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { newWebhookSecret, signatureFor } from '../../src/sandbox/signing'

// The test vector of Standard Webhooks: the "sign function works" test in
// standard-webhooks/standard-webhooks, libraries/javascript/src/webhook.test.ts.
const vector = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  msgId: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  payload: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
}

describe('signatureFor', () => {
  it("reproduces Standard Webhooks' published test vector", () => {
    expect(signatureFor(vector.secret, vector.msgId, vector.timestamp, vector.payload)).toBe(vector.signature)
  })

  it('agrees with the standardwebhooks package on the vector', () => {
    const library = new Webhook(vector.secret).sign(vector.msgId, new Date(vector.timestamp * 1000), vector.payload)
    expect(library).toBe(vector.signature)
  })

  it('changes when any signed part changes', () => {
    const { secret, msgId, timestamp, payload, signature } = vector
    expect(signatureFor(secret, 'msg_other', timestamp, payload)).not.toBe(signature)
    expect(signatureFor(secret, msgId, timestamp + 1, payload)).not.toBe(signature)
    expect(signatureFor(secret, msgId, timestamp, '{"test":2432232314}')).not.toBe(signature)
    expect(signatureFor(newWebhookSecret(), msgId, timestamp, payload)).not.toBe(signature)
  })

  it('signs non-ASCII bodies as UTF-8, as the library does', () => {
    const secret = newWebhookSecret()
    const body = JSON.stringify({ name: 'Café ☕ – 日本' })
    const now = Math.floor(Date.now() / 1000)
    const signature = signatureFor(secret, 'msg_1', now, body)
    expect(() =>
      new Webhook(secret).verify(body, { 'webhook-id': 'msg_1', 'webhook-timestamp': String(now), 'webhook-signature': signature }),
    ).not.toThrow()
  })
})

describe('newWebhookSecret', () => {
  it('is whsec_ and the base64 of 32 random bytes', () => {
    const secrets = new Set(Array.from({ length: 20 }, () => newWebhookSecret()))
    expect(secrets.size).toBe(20)
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
      expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32)
    }
  })
})
