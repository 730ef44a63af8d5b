import { isUrl } from './checkout-rules'
import { isLoopbackHost, type UrlCheck } from './environments'

/** The receiving server of a webhook endpoint: https, or http on this machine for local receivers. */
export function checkEndpointUrl(raw: string): UrlCheck {
  const text = raw.trim()
  if (text === '') return { ok: false, message: 'Enter the URL of the server that will receive the events.' }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { ok: false, message: 'That is not a URL: it should look like https://hooks.example.com/payments' }
  }
  if (url.username || url.password) return { ok: false, message: 'The URL must not contain a user name or password.' }
  // The service checks `url` with class-validator's IsUrl(), which wants a top-level domain or an IP.
  if ((url.protocol === 'https:' || url.protocol === 'http:') && !isUrl(text)) {
    return {
      ok: false,
      message: 'The service accepts only a host with a domain (hooks.example.com) or an IP address: for this computer use 127.0.0.1.',
    }
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) return { ok: true, url: url.toString() }
  if (url.protocol === 'http:')
    return { ok: false, message: 'Webhook URLs must use https:// (plain http is allowed only for this computer).' }
  return { ok: false, message: `Webhook URLs must use https://, not ${url.protocol}` }
}
