import { maskEmails } from '../request-log/mask'

// Text on its way to the log file or a support ticket loses what must never leave the
// app: private and public keys (`service_prod_…`, `service_pub_…`, the sandbox's
// `service_sandbox_…`), any value sent as X-Service-Api-Key whatever its shape (an
// operator's key need not have a prefix), webhook secrets (`whsec_…`), and the local
// part of every e-mail address. A value runs to the next space, quote or separator; a
// JSON escape inside it (`\"`, `\\`) is part of it, so an escaped quote cannot end it early.

const value = String.raw`(?:[^\s"'\\,;}\]]|\\.)*`
// The kind of key stays readable (`service_prod_***`): support may need to know which one it was.
const prefixed = new RegExp(String.raw`\b(service_(?:pub_)?(?:prod_|sandbox_|test_)?|whsec_)${value}`, 'gi')
// The header's name, then `: `, `=` or `","` (a header pair in JSON), then its value.
const headerValue = new RegExp(String.raw`(x-service-(?:api|public)-key\\?["']?\s*[:=,]\s*\\?["']?)${value}`, 'gi')

/** `text` with every key, webhook secret and e-mail address hidden. */
export function scrubSecrets(text: string): string {
  return maskEmails(text.replace(headerValue, '$1***').replace(prefixed, '$1***'))
}
