import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { checkoutTokenLifetimeSeconds, createCheckoutGuard } from '../../src/sandbox/checkout-guard'

// The guard on its own (the attacks over HTTP: test/security/sandbox-checkout-forgery.test.ts).

const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage

describe('the checkout guard', () => {
  it('accepts the loopback names on its own port, also when bound to every interface', () => {
    const guard = createCheckoutGuard('0.0.0.0', 4010)
    for (const host of ['0.0.0.0:4010', '127.0.0.1:4010', 'LOCALHOST:4010', '[::1]:4010'])
      expect(guard.hostAllowed(request({ host }))).toBe(true)
    for (const host of ['192.168.1.20:4010', 'attacker.example:4010', '127.0.0.1:4011', '127.0.0.1', 'localhost.attacker.example:4010']) {
      expect(guard.hostAllowed(request({ host }))).toBe(false)
    }
    expect(guard.hostAllowed(request({}))).toBe(false)
  })

  it('takes a POST without Origin or Sec-Fetch-Site (not a browser), but not one a browser says came from elsewhere', () => {
    const guard = createCheckoutGuard('127.0.0.1', 4010)
    expect(guard.fromOwnPage(request({}))).toBe(true)
    expect(guard.fromOwnPage(request({ origin: 'http://127.0.0.1:4010', 'sec-fetch-site': 'same-origin' }))).toBe(true)
    expect(guard.fromOwnPage(request({ origin: 'http://localhost:4010' }))).toBe(true)
    expect(guard.fromOwnPage(request({ origin: 'https://127.0.0.1:4010' }))).toBe(false)
    expect(guard.fromOwnPage(request({ 'sec-fetch-site': 'none' }))).toBe(false)
  })

  it('a token is good for its checkout, within its lifetime, and from this run only', () => {
    let now = 1_700_000_000_000
    const guard = createCheckoutGuard('127.0.0.1', 4010, () => now)
    const token = guard.issueToken('pay_a')
    expect(guard.tokenValid('pay_a', token)).toBe(true)
    expect(guard.tokenValid('pay_b', token)).toBe(false)
    expect(createCheckoutGuard('127.0.0.1', 4010, () => now).tokenValid('pay_a', token)).toBe(false)
    expect(guard.tokenValid('pay_a', `${token}.x`)).toBe(false)
    expect(
      guard.tokenValid(
        'pay_a',
        token.replace(/^\d+/, (issued) => String(Number(issued) + 60)),
      ),
    ).toBe(false)
    now += (checkoutTokenLifetimeSeconds + 1) * 1000
    expect(guard.tokenValid('pay_a', token)).toBe(false)
  })
})
