import { isLoopbackHost } from '../shared/environments'

// The sandbox runs inside the app's main process, so a webhook it delivers is a POST the
// app makes. It delivers only to this machine unless the person running it named other
// hosts where a compromised window cannot: the app's environment (this variable) or the
// standalone sandbox's command line (--allow-delivery-host). Never a setting saved
// through the app, which the window can write.
export const deliveryHostsVariable = 'PAYMENTS_DESK_SANDBOX_DELIVERY_HOSTS'

export type DeliveryHosts = { hosts: string[]; invalid: string[] }

/**
 * A host name or IP address as URL parsing writes it (lower case, IPv6 in brackets),
 * or null for anything that is not one host: ports, paths, user info, wildcards.
 */
export function normalizeDeliveryHost(entry: string): string | null {
  const text = entry.trim()
  if (text === '' || /[\s/@?#*]/.test(text)) return null
  try {
    const url = new URL(`https://${text}/`)
    return url.port === '' && url.hostname !== '' ? url.hostname : null
  } catch {
    return null
  }
}

/** Splits a comma-separated list (the environment variable) into hosts and the entries that are not hosts. */
export function parseDeliveryHosts(text: string | undefined): DeliveryHosts {
  const hosts: string[] = []
  const invalid: string[] = []
  for (const entry of (text ?? '').split(',')) {
    if (entry.trim() === '') continue
    const host = normalizeDeliveryHost(entry)
    if (host === null) invalid.push(entry.trim())
    else if (!hosts.includes(host)) hosts.push(host)
  }
  return { hosts, invalid }
}

/** Loopback always; another host only when it was allowed, by its exact name. */
export function isDeliveryAllowed(url: URL, allowedHosts: readonly string[]): boolean {
  return isLoopbackHost(url.hostname) || allowedHosts.includes(url.hostname)
}

export const offMachineMessage =
  `url must point to this computer (127.0.0.1 or [::1]): the local sandbox delivers to another host only when ` +
  `it is started with that host allowed (${deliveryHostsVariable} for the app, --allow-delivery-host for npm run sandbox)`
