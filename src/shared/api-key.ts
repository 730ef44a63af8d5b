import type { EnvironmentId } from './environments'

export type KeyCheck = { ok: true; key: string } | { ok: false; message: string }

export const productionKeyPrefix = 'service_prod_'
export const publicKeyPrefix = 'service_pub_'

/** Shape checks for a private key typed or pasted in Settings, before it is stored. */
export function checkApiKey(raw: string, environment: EnvironmentId): KeyCheck {
  const key = raw.trim()
  if (key === '') return { ok: false, message: 'Paste the private key from the merchant dashboard.' }
  if (/\s/.test(key)) {
    return { ok: false, message: 'The key contains spaces or line breaks: copy it again from the dashboard as one line.' }
  }
  // Invisible characters (a zero-width space from a web page or chat) pass the check
  // above but cannot travel in an HTTP header: every call would then fail obscurely.
  if (/[^\x21-\x7e]/.test(key)) {
    return {
      ok: false,
      message: 'The key contains an invisible or non-ASCII character, often picked up when copying: copy it again as plain text.',
    }
  }
  if (key.startsWith(publicKeyPrefix)) {
    return {
      ok: false,
      message: `This is a public key (service_pub_...). Public keys only work in the card form on a web page. Payments Desk needs the private key${environment === 'production' ? ' (service_prod_...)' : ''} from the same page of the dashboard.`,
    }
  }
  if (environment === 'production' && (!key.startsWith(productionKeyPrefix) || key.length <= productionKeyPrefix.length)) {
    return { ok: false, message: `A production private key starts with "${productionKeyPrefix}".` }
  }
  if (key.length > 512) return { ok: false, message: 'The key is longer than any private key: copy it again.' }
  return { ok: true, key }
}
