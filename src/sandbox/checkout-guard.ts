import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

// The hosted checkout page takes no key (the customer opens it from a link), so anything
// else in the user's browser can reach it. Three checks keep other pages out:
// - Host must name this sandbox: a DNS-rebinding page (attacker.example resolved to
//   127.0.0.1) sends its own name, so it can neither read a page nor post one.
// - Origin and Sec-Fetch-Site, when the browser sends them, must say the POST came from
//   the page itself.
// - Every state-changing POST carries the token of the page that served the form: a
//   random nonce, MACed with a key of this run and bound to that checkout, so a page that
//   cannot read ours (every cross-site page) cannot make one.

export const checkoutTokenLifetimeSeconds = 3_600

export interface CheckoutGuard {
  hostAllowed(req: IncomingMessage): boolean
  fromOwnPage(req: IncomingMessage): boolean
  issueToken(checkoutId: string): string
  tokenValid(checkoutId: string, token: string): boolean
}

/**
 * `host` as the sandbox's base URL writes it (`127.0.0.1`, `[::1]`). The loopback names
 * are accepted besides it (a sandbox started with --host 0.0.0.0 is still opened at
 * 127.0.0.1); no page on the web can make a browser send them for its own site.
 */
export function createCheckoutGuard(host: string, port: number, now: () => number = Date.now): CheckoutGuard {
  const hosts = new Set([host, 'localhost', '127.0.0.1', '[::1]'].map((name) => `${name}:${port}`.toLowerCase()))
  const origins = new Set([...hosts].map((name) => `http://${name}`))
  const key = randomBytes(32)
  const mac = (checkoutId: string, issued: string, nonce: string) =>
    createHmac('sha256', key).update(`${checkoutId}.${issued}.${nonce}`).digest()

  return {
    hostAllowed(req) {
      const given = req.headers.host
      return typeof given === 'string' && hosts.has(given.toLowerCase())
    },

    fromOwnPage(req) {
      const { origin } = req.headers
      const site = req.headers['sec-fetch-site']
      if (origin !== undefined && !origins.has(origin.toLowerCase())) return false
      return site === undefined || site === 'same-origin'
    },

    issueToken(checkoutId) {
      const issued = String(Math.floor(now() / 1000))
      const nonce = randomBytes(16).toString('base64url')
      return `${issued}.${nonce}.${mac(checkoutId, issued, nonce).toString('base64url')}`
    },

    tokenValid(checkoutId, token) {
      const [issued, nonce, given, ...rest] = token.split('.')
      if (issued === undefined || nonce === undefined || given === undefined || rest.length > 0 || !/^\d{1,12}$/.test(issued)) return false
      const age = now() / 1000 - Number(issued)
      if (age < -5 || age > checkoutTokenLifetimeSeconds) return false
      // Compared as text: decoding would forgive a changed last character (its spare bits).
      // A length differs only for a malformed token; the rest is compared in constant time.
      const expected = Buffer.from(mac(checkoutId, issued, nonce).toString('base64url'))
      const presented = Buffer.from(given)
      return presented.length === expected.length && timingSafeEqual(presented, expected)
    },
  }
}
