export const environmentIds = ['local', 'production', 'operator'] as const
export type EnvironmentId = (typeof environmentIds)[number]

export const environmentLabels: Record<EnvironmentId, string> = {
  local: 'Local sandbox',
  production: 'Production',
  operator: 'Operator sandbox',
}

export type UrlCheck = { ok: true; url: string } | { ok: false; message: string }

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '')
  // Only names that never leave this machine: `*.localhost` may still be sent to DNS.
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

/**
 * A service base URL: https, or plain http on this machine only, so the key never
 * crosses a network in clear text.
 */
export function checkBaseUrl(raw: string): UrlCheck {
  const text = raw.trim()
  if (text === '') return { ok: false, message: 'Enter the base URL of the service.' }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { ok: false, message: 'That is not a URL: it should look like https://api.example.com' }
  }
  if (url.username || url.password) return { ok: false, message: 'The base URL must not contain a user name or password.' }
  if (url.search || url.hash) return { ok: false, message: 'The base URL must not contain "?" or "#".' }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    return { ok: false, message: 'The base URL must start with https:// (plain http is allowed only for localhost).' }
  }
  return { ok: true, url: url.toString().replace(/\/+$/, '') }
}
