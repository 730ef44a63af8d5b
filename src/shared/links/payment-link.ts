import { checkPaymentId, maxPaymentIdLength } from '../payment-id'

// payments-desk://payment/<id>?account=<name>: a link pasted in a ticket opens the app on
// one payment. It comes from outside the app (a browser, a chat, an email), so only the one
// shape Payments Desk itself writes is accepted: a link is accepted only when paymentLink()
// would write exactly the same text, which leaves no room for other spellings of it.

export const linkScheme = 'payments-desk'
const prefix = `${linkScheme}://payment/`
export const maxAccountRefLength = 60
// Every character of an ID or an account name percent-encoded (4 bytes of UTF-8 at most each).
export const maxLinkLength = prefix.length + maxPaymentIdLength * 3 + '?account='.length + maxAccountRefLength * 12

export interface PaymentLinkTarget {
  id: string
  /** An account's name or ID as the link gives it; null: the account in use. */
  account: string | null
}

export type LinkParse = ({ ok: true } & PaymentLinkTarget) | { ok: false; reason: string }

/** The link to a payment, as "Copy link" writes it. */
export function paymentLink(id: string, account?: string | null): string {
  const query = account === undefined || account === null ? '' : `?account=${encodeURIComponent(account)}`
  return `${prefix}${encodeURIComponent(id)}${query}`
}

/** The link for this payment and account, or null when the link could not be opened again (an ID the link form cannot carry). */
export function shareablePaymentLink(id: string, account: string | null): string | null {
  let link: string
  try {
    link = paymentLink(id, account)
  } catch {
    // Half of a surrogate pair cannot be percent-encoded.
    return null
  }
  return parsePaymentLink(link).ok ? link : null
}

function refuse(reason: string): LinkParse {
  return { ok: false, reason }
}

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part)
  } catch {
    return null
  }
}

/** What an account reference may hold: a name or ID that looks the same to everyone who reads it. */
export function checkAccountRef(account: string): string | null {
  if (account === '') return 'Its account is empty.'
  if (Array.from(account).length > maxAccountRefLength) return `Its account name is longer than ${maxAccountRefLength} characters.`
  // Invisible and direction-changing characters make one name look like another.
  if (/[\p{Cc}\p{Cf}\p{Surrogate}\p{Co}\p{Cn}]/u.test(account)) return 'Its account name contains invisible or control characters.'
  if (/[^\S ]/u.test(account)) return 'Its account name contains line breaks, tabs or unusual spaces.'
  if (account.trim() !== account) return 'Its account name starts or ends with a space.'
  // A decomposed "é" looks like the composed one but is another name.
  if (account.normalize('NFC') !== account) return 'Its account name is not written in the usual (composed) form.'
  return null
}

function parseId(segment: string): { ok: true; id: string } | { ok: false; reason: string } {
  if (segment === '') return { ok: false, reason: 'It names no payment.' }
  if (segment.includes('/')) return { ok: false, reason: 'It has more than one part after payment/.' }
  const id = decode(segment)
  if (id === null) return { ok: false, reason: 'Its payment ID is wrongly percent-encoded.' }
  // Non-ASCII letters can pass for ASCII ones ("а" for "a"); payment IDs are plain ASCII.
  if (/[^\x20-\x7e]/.test(id))
    return { ok: false, reason: 'Its payment ID contains characters that are not plain letters, digits or punctuation.' }
  // "%2F" left after decoding was encoded twice: whatever reads it next might decode it again.
  if (/%[0-9a-f]{2}/i.test(id)) return { ok: false, reason: 'Its payment ID is percent-encoded twice.' }
  // The lookup field's own rule, so a link can open nothing the field would refuse.
  const checked = checkPaymentId(id)
  if (!checked.ok) return { ok: false, reason: checked.message }
  if (checked.id !== id) return { ok: false, reason: 'Its payment ID starts or ends with a space.' }
  return { ok: true, id }
}

function parseAccount(query: string): { ok: true; account: string } | { ok: false; reason: string } {
  const params = query.split('&')
  if (params.length > 1) return { ok: false, reason: 'It has more than one parameter (only account= is allowed).' }
  const [key = '', ...rest] = (params[0] ?? '').split('=')
  if (key !== 'account' || rest.length === 0) return { ok: false, reason: 'Its only allowed parameter is account=.' }
  if (rest.length > 1) return { ok: false, reason: 'Its account contains "=" unencoded.' }
  const account = decode(rest[0] ?? '')
  if (account === null) return { ok: false, reason: 'Its account name is wrongly percent-encoded.' }
  const problem = checkAccountRef(account)
  return problem === null ? { ok: true, account } : { ok: false, reason: problem }
}

/** Reads a payments-desk:// link; anything but the one shape is refused with the reason, in words for the agent. */
export function parsePaymentLink(raw: string): LinkParse {
  if (raw.length > maxLinkLength) return refuse(`It is longer than ${maxLinkLength} characters.`)
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(raw)) return refuse('It contains control characters.')
  if (/\s/.test(raw)) return refuse('It contains spaces.')
  // A link in the shape we write is ASCII: anything else is a look-alike of some character.
  if (/[^\x21-\x7e]/.test(raw)) return refuse('It contains characters that do not belong in a link (look-alikes of letters or symbols).')
  if (!raw.toLowerCase().startsWith(`${linkScheme}:`)) return refuse('It is not a payments-desk:// link.')
  if (!raw.startsWith(`${linkScheme}://`)) return refuse('It is not written payments-desk:// in lower case.')
  const hash = raw.indexOf('#')
  if (hash !== -1) return refuse('It has a #fragment.')
  const rest = raw.slice(`${linkScheme}://`.length)
  const slash = rest.indexOf('/')
  const question = rest.indexOf('?')
  const authorityEnd = slash === -1 ? (question === -1 ? rest.length : question) : question === -1 ? slash : Math.min(slash, question)
  const authority = rest.slice(0, authorityEnd)
  if (authority.includes('@')) return refuse('It carries a user name or password.')
  if (authority.includes(':')) return refuse('It names a port.')
  if (authority !== 'payment') return refuse('It does not open a payment (payments-desk://payment/…).')
  if (slash !== authorityEnd) return refuse('It names no payment.')
  const afterHost = rest.slice(authorityEnd + 1)
  const queryStart = afterHost.indexOf('?')
  const id = parseId(queryStart === -1 ? afterHost : afterHost.slice(0, queryStart))
  if (!id.ok) return refuse(id.reason)
  let account: string | null = null
  if (queryStart !== -1) {
    const parsed = parseAccount(afterHost.slice(queryStart + 1))
    if (!parsed.ok) return refuse(parsed.reason)
    account = parsed.account
  }
  // %61 for "a", lower-case hex, "+" for a space: other spellings of the same link are refused.
  if (paymentLink(id.id, account) !== raw)
    return refuse('It is not written the way Payments Desk writes links (needless or unusual %-encoding).')
  return { ok: true, id: id.id, account }
}
