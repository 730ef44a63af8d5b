import { describe, expect, it } from 'vitest'
import { checkApiKey } from '../../src/shared/api-key'

const privateKey = 'service_prod_4fJ9xQ2mZ7kL1pR8sT3v'

describe('checkApiKey', () => {
  it('accepts a production private key and trims what surrounds it', () => {
    expect(checkApiKey(`  ${privateKey}\n`, 'production')).toEqual({ ok: true, key: privateKey })
  })

  it('asks for a key when there is none', () => {
    expect(checkApiKey(' \n\t', 'production')).toEqual({ ok: false, message: 'Paste the private key from the merchant dashboard.' })
  })

  it.each([
    ['a space', 'service_prod_4fJ9 xQ2m'],
    ['a line break', 'service_prod_4fJ9\nxQ2m'],
    ['a tab', 'service_prod_4fJ9\txQ2m'],
    ['a no-break space', 'service_prod_4fJ9\u00a0xQ2m'],
  ])('refuses a key with %s inside', (_label, key) => {
    const result = checkApiKey(key, 'production')
    expect(result).toEqual({ ok: false, message: expect.stringContaining('spaces or line breaks') as unknown })
  })

  it.each([
    ['a zero-width space', 'service_prod_4fJ9\u200bxQ2m'],
    ['a control character', 'service_prod_4fJ9\u0007xQ2m'],
    ['an accented letter', 'service_prod_4fJ9éxQ2m'],
  ])('refuses a key with %s, which no HTTP header can carry', (_label, key) => {
    const result = checkApiKey(key, 'operator')
    expect(result).toEqual({ ok: false, message: expect.stringContaining('invisible or non-ASCII character') as unknown })
  })

  it.each(['production', 'operator'] as const)('refuses a public key in %s and explains which key is needed', (environment) => {
    const result = checkApiKey('service_pub_prod_9aB3cD4eF5', environment)
    if (result.ok) throw new Error('a public key was accepted')
    expect(result.message).toContain('This is a public key (service_pub_...)')
    expect(result.message).toContain('card form')
    expect(result.message).toContain('private key')
    expect(result.message.includes('(service_prod_...)')).toBe(environment === 'production')
  })

  it.each(['sk_live_4fJ9xQ2m', 'prod_4fJ9xQ2m', 'SERVICE_PROD_4fJ9xQ2m', 'service_sandbox_4fJ9xQ2m'])(
    'refuses %s in production: a production key starts with service_prod_',
    (key) => {
      expect(checkApiKey(key, 'production')).toEqual({ ok: false, message: 'A production private key starts with "service_prod_".' })
    },
  )

  it.each(['service_sandbox_4fJ9xQ2m', 'op-7c1e0a52-key', privateKey])('accepts %s in the operator sandbox', (key) => {
    expect(checkApiKey(key, 'operator')).toEqual({ ok: true, key })
  })

  it('refuses a key longer than any private key', () => {
    const result = checkApiKey(`service_prod_${'a'.repeat(500)}`, 'production')
    expect(result).toEqual({ ok: false, message: 'The key is longer than any private key: copy it again.' })
    expect(checkApiKey(`service_prod_${'a'.repeat(499)}`, 'production').ok).toBe(true)
  })

  it('never repeats the key in a refusal', () => {
    const secret = 'service_prod_SECRETSECRET'
    for (const [raw, environment] of [
      [`${secret} x`, 'production'],
      [`${secret}\u200b`, 'production'],
      [`${secret}${'a'.repeat(600)}`, 'production'],
      ['sk_SECRETSECRET', 'production'],
    ] as const) {
      const result = checkApiKey(raw, environment)
      expect(result.ok).toBe(false)
      expect(JSON.stringify(result)).not.toContain('SECRETSECRET')
    }
  })
})
