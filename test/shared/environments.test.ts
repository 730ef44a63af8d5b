import { describe, expect, it } from 'vitest'
import { checkBaseUrl, isLoopbackHost } from '../../src/shared/environments'

describe('checkBaseUrl', () => {
  it.each([
    ['an https URL', 'https://api.example.com', 'https://api.example.com'],
    ['an https URL with a trailing slash', 'https://api.example.com/', 'https://api.example.com'],
    ['an https URL with a path and slashes', '  https://api.example.com/v1//  ', 'https://api.example.com/v1'],
    ['an https URL with a port', 'https://api.example.com:8443/', 'https://api.example.com:8443'],
    ['http on localhost', 'http://localhost:4010/', 'http://localhost:4010'],
    ['http on 127.0.0.1', 'http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['http on another 127.x address', 'http://127.8.9.10:4010', 'http://127.8.9.10:4010'],
    ['http on [::1]', 'http://[::1]:4010/', 'http://[::1]:4010'],
    ['upper-case scheme and host', 'HTTPS://API.Example.COM', 'https://api.example.com'],
  ])('accepts %s', (_label, raw, url) => {
    expect(checkBaseUrl(raw)).toEqual({ ok: true, url })
  })

  it('asks for a URL when there is none', () => {
    expect(checkBaseUrl('  ')).toEqual({ ok: false, message: 'Enter the base URL of the service.' })
  })

  it.each([
    ['a remote host', 'http://api.example.com'],
    ['a private network address', 'http://192.168.1.20:4010'],
    ['a look-alike of 127.0.0.1', 'http://127.0.0.1.example.com'],
    ['a look-alike of localhost', 'http://localhost.example.com'],
    ['the any address', 'http://0.0.0.0:4010'],
  ])('refuses plain http to %s: the key would cross the network in clear', (_label, raw) => {
    expect(checkBaseUrl(raw)).toEqual({
      ok: false,
      message: 'The base URL must start with https:// (plain http is allowed only for localhost).',
    })
  })

  it.each(['ftp://api.example.com', 'file:///etc/hosts', 'ws://localhost:4010'])('refuses the scheme of %s', (raw) => {
    expect(checkBaseUrl(raw).ok).toBe(false)
  })

  it.each(['https://user:pass@api.example.com', 'https://user@api.example.com', 'http://admin:x@localhost:4010'])(
    'refuses credentials in %s',
    (raw) => {
      expect(checkBaseUrl(raw)).toEqual({ ok: false, message: 'The base URL must not contain a user name or password.' })
    },
  )

  it.each(['https://api.example.com/?env=prod', 'https://api.example.com/#x'])('refuses a query or fragment in %s', (raw) => {
    expect(checkBaseUrl(raw)).toEqual({ ok: false, message: 'The base URL must not contain "?" or "#".' })
  })

  it.each(['api.example.com', 'not a url', 'https://', '//api.example.com'])('refuses %s as not a URL', (raw) => {
    expect(checkBaseUrl(raw)).toEqual({ ok: false, message: 'That is not a URL: it should look like https://api.example.com' })
  })
})

describe('isLoopbackHost', () => {
  it.each(['localhost', '127.0.0.1', '127.255.255.254', '[::1]', '::1'])('counts %s as this machine', (host) => {
    expect(isLoopbackHost(host)).toBe(true)
  })

  it.each(['example.com', '128.0.0.1', '10.0.0.1', '[::2]', 'localhost.example.com', '127.0.0.1.nip.io'])('does not count %s', (host) => {
    expect(isLoopbackHost(host)).toBe(false)
  })
})
