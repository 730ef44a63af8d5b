import { environmentLabels, type EnvironmentId } from '../../shared/environments'
import { formatMoney, minorUnitsAssumption } from '../../shared/format/money'
import { maskEmailField } from '../request-log/mask'
import { shownOrigin } from '../secrets/api-key-item'

/**
 * A URL as the log may keep it: receivers often carry a token in the query, so the
 * values there are hidden; a user name or password never gets this far.
 */
export function urlForLog(raw: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return '(not a URL)'
  }
  const query = [...url.searchParams.keys()].map((name) => `${name}=…`).join('&')
  const path = url.pathname === '/' ? '' : url.pathname
  return `${url.origin}${path}${query ? `?${query}` : ''}`
}

export function keyStoredDetail(environment: EnvironmentId, fingerprint: string, previous: string | null): string {
  const label = environmentLabels[environment]
  return previous
    ? `Replaced the private key of ${label}: ${previous} → ${fingerprint}`
    : `Stored a private key for ${label} (${fingerprint})`
}

export function keyDeletedDetail(environment: EnvironmentId, previous: string | null): string {
  const label = environmentLabels[environment]
  return previous ? `Deleted the private key of ${label} (${previous})` : `Asked to delete the private key of ${label}; none was stored`
}

/** A key that was not sent: which key (its fingerprint, never the key) and where it would have gone. */
export function keySendRefusedDetail(refusal: {
  environment: EnvironmentId
  fingerprint: string
  keyOrigin: string | null
  target: string
}): string {
  const label = environmentLabels[refusal.environment]
  const boundTo =
    refusal.keyOrigin === null ? 'stored without an address by an earlier version' : `entered for ${shownOrigin(refusal.keyOrigin)}`
  return `Did not send the private key of ${label} (${refusal.fingerprint}) to ${shownOrigin(refusal.target)}: it was ${boundTo}`
}

export function environmentSwitchDetail(from: EnvironmentId, to: EnvironmentId): string {
  return `Switched from ${environmentLabels[from]} to ${environmentLabels[to]}`
}

export function baseUrlDetail(environment: EnvironmentId, url: string, previous: string | null): string {
  return `Set the base URL of ${environmentLabels[environment]} to ${urlForLog(url)}${previous ? ` (was ${urlForLog(previous)})` : ''}`
}

export function webhookRegisteredDetail(endpoint: { url: string; connect: boolean; fingerprint: string; secretStored: boolean }): string {
  const where = endpoint.secretStored ? 'in the keychain' : 'in memory only: the keychain refused it'
  return `Registered ${urlForLog(endpoint.url)}${endpoint.connect ? ' (Connect events)' : ''}; signing secret ${endpoint.fingerprint}, ${where}`
}

export function secretRevealedDetail(endpoint: { url: string; fingerprint: string }): string {
  return `Revealed the signing secret of ${urlForLog(endpoint.url)} (${endpoint.fingerprint})`
}

export function checkoutDetail(payment: { id: string | null; amount: number; currency: string; customerEmail: string }): string {
  return `Created payment ${payment.id ?? '(no ID in the answer)'}: ${payment.amount} ${payment.currency} (${formatMoney(payment.amount, payment.currency)} ${minorUnitsAssumption}), customer ${maskEmailField(payment.customerEmail)}`
}
