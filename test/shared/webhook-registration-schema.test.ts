import { describe, expect, it } from 'vitest'
import { webhookRegistrationSchema } from '../../src/shared/contract/webhook-schema'

// The service's answer to POST /api/webhook, read as registerWebhook reads it.
describe('webhookRegistrationSchema', () => {
  it('reads the secret and a string id, and drops what is not published', () => {
    expect(webhookRegistrationSchema.parse({ secret: 'whsec_abc', id: 'we_1', url: 'https://x.example', extra: 1 })).toEqual({
      secret: 'whsec_abc',
      id: 'we_1',
    })
  })

  it('keeps no id that is not a string, without refusing an answer that has the secret', () => {
    expect(webhookRegistrationSchema.parse({ secret: 'whsec_abc', id: 42 })).toEqual({ secret: 'whsec_abc', id: null })
    expect(webhookRegistrationSchema.parse({ secret: 'whsec_abc' }).id ?? null).toBeNull()
  })

  it('refuses an answer with no usable secret', () => {
    for (const answer of [{}, { secret: '' }, { secret: 7 }, null, 'whsec_abc', [{ secret: 'whsec_abc' }]]) {
      expect(webhookRegistrationSchema.safeParse(answer).success).toBe(false)
    }
  })
})
