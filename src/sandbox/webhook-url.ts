import { isLoopbackHost } from '../shared/environments'
import { isDeliveryAllowed, offMachineMessage } from './delivery-hosts'
import { SandboxWebhookRules, WebhookDto } from './dto/webhook-dto'
import { validateBody, type Validated } from './validation-pipe'

export interface WebhookRequest {
  url: string
  connect: boolean
}

const maxUrlLength = 2048

/**
 * The sandbox's own rules for a URL that IsUrl accepted (README lists them with their
 * reasons): https, or plain http on loopback so local receivers work; no credentials;
 * this machine only, unless the host is one the sandbox was started with.
 */
function ownUrlMessage(value: string, allowedHosts: readonly string[]): string | null {
  if (value.length > maxUrlLength) return `url must be shorter than or equal to ${maxUrlLength} characters`
  // IsUrl accepts an address without a scheme and ftp://; the sandbox delivers over http(s) only.
  const url = URL.parse(value)
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return 'url must start with https://'
  if (url.username || url.password) return 'url must not contain a user name or password'
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    return 'url must use https (plain http is accepted only for loopback addresses)'
  return isDeliveryAllowed(url, allowedHosts) ? null : offMachineMessage
}

/** The spec's rule as the service's ValidationPipe answers it; then the sandbox's own. */
export async function validateWebhook(body: Record<string, unknown>, allowedHosts: readonly string[]): Promise<Validated<WebhookRequest>> {
  const checked = await validateBody(WebhookDto, body)
  if (!checked.ok) return checked
  const own = await validateBody(SandboxWebhookRules, body)
  const messages = own.ok ? [] : [...own.messages]
  const urlMessage = ownUrlMessage(checked.value.url, allowedHosts)
  if (urlMessage) messages.unshift(urlMessage)
  if (messages.length > 0) return { ok: false, messages }
  return { ok: true, value: { url: new URL(checked.value.url).toString(), connect: body.connect === true } }
}
