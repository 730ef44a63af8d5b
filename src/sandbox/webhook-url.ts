import { isLoopbackHost, type UrlCheck } from '../shared/environments'
import { isDeliveryAllowed, offMachineMessage } from './delivery-hosts'

/**
 * https for real receivers; plain http only on loopback so local receivers and tests work.
 * Either way on this machine only, unless the host is one the sandbox was started with.
 */
export function checkWebhookUrl(value: unknown, allowedHosts: readonly string[]): UrlCheck {
  if (value === undefined || value === null || value === '') return { ok: false, message: 'url should not be empty' }
  if (typeof value !== 'string') return { ok: false, message: 'url must be a string' }
  if (value.length > 2048) return { ok: false, message: 'url must be shorter than or equal to 2048 characters' }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return { ok: false, message: 'url must be a URL address' }
  }
  if (url.username || url.password) return { ok: false, message: 'url must not contain a user name or password' }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    return { ok: false, message: 'url must use https (plain http is accepted only for localhost)' }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, message: `url must be an https URL, not ${url.protocol.replace(/:$/, '')}` }
  if (!isDeliveryAllowed(url, allowedHosts)) return { ok: false, message: offMachineMessage }
  return { ok: true, url: url.toString() }
}
