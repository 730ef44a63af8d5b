import { describe, expect, it } from 'vitest'
import { checkEndpointUrl } from '../../src/shared/webhook-url'

describe('checkEndpointUrl', () => {
  it.each([
    ['an https URL', 'https://hooks.example.com/payments', 'https://hooks.example.com/payments'],
    ['an https URL with a query, kept', ' https://hooks.example.com/in?source=desk ', 'https://hooks.example.com/in?source=desk'],
    ['an https host alone', 'https://hooks.example.com', 'https://hooks.example.com/'],
    ['http on 127.x', 'http://127.0.0.2:3000/webhooks', 'http://127.0.0.2:3000/webhooks'],
    ['http on [::1]', 'http://[::1]:3000/webhooks', 'http://[::1]:3000/webhooks'],
  ])('accepts %s', (_label, raw, url) => {
    expect(checkEndpointUrl(raw)).toEqual({ ok: true, url })
  })

  it.each(['http://localhost:3000/webhooks', 'https://localhost/hooks', 'https://intranet/hooks'])(
    "refuses %s, which the service's IsUrl() refuses (no top-level domain)",
    (raw) => {
      const checked = checkEndpointUrl(raw)
      expect(checked.ok).toBe(false)
      expect(checked.ok ? '' : checked.message).toContain('127.0.0.1')
    },
  )

  it('asks for a URL when there is none', () => {
    expect(checkEndpointUrl('')).toEqual({ ok: false, message: 'Enter the URL of the server that will receive the events.' })
  })

  it.each(['http://hooks.example.com/payments', 'http://10.0.0.5/hooks', 'http://localhost.example.com/hooks'])(
    'refuses plain http to a remote receiver: %s',
    (raw) => {
      expect(checkEndpointUrl(raw)).toEqual({
        ok: false,
        message: 'Webhook URLs must use https:// (plain http is allowed only for this computer).',
      })
    },
  )

  it.each([
    ['ftp://hooks.example.com/in', 'ftp:'],
    ['javascript:alert(1)', 'javascript:'],
    ['file:///tmp/hooks', 'file:'],
  ])('refuses %s, naming its scheme', (raw, scheme) => {
    expect(checkEndpointUrl(raw)).toEqual({ ok: false, message: `Webhook URLs must use https://, not ${scheme}` })
  })

  it.each(['https://user:secret@hooks.example.com/in', 'http://user@localhost:3000/in'])('refuses credentials in %s', (raw) => {
    expect(checkEndpointUrl(raw)).toEqual({ ok: false, message: 'The URL must not contain a user name or password.' })
  })

  it.each(['hooks.example.com/payments', 'not a url', 'https://'])('refuses %s as not a URL', (raw) => {
    expect(checkEndpointUrl(raw)).toEqual({
      ok: false,
      message: 'That is not a URL: it should look like https://hooks.example.com/payments',
    })
  })
})
