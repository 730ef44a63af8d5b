import type { ErrorCode } from './app-error'

/**
 * What each error code means and what to do about it, written for whoever reads the
 * screen, a support agent included. The error's own message says what happened this
 * time; these words say what kind of failure it is and the next step.
 */
export interface ErrorWords {
  /** The kind of failure, as a heading. */
  title: string
  /** The next step that can fix it. */
  action: string
  /** The fix is made in Settings (a key, a base URL, the environment). */
  settings?: true
  /** Trying the same thing again, unchanged, can succeed. */
  retry?: true
  /** 'warning': something may have happened; 'neutral': the user chose it. Otherwise a failure. */
  tone?: 'warning' | 'neutral'
}

export const errorWords = {
  validation: {
    title: 'The request was incomplete or malformed',
    action: 'Correct what the message names and try again. If it names nothing you entered, restart Payments Desk and report the message.',
  },
  'invalid-id': {
    title: 'Not a payment ID',
    action: 'Check the ID for a typo or stray characters: copy it again from the receipt or the dashboard.',
  },
  'invalid-url': {
    title: 'The base URL cannot be used',
    action: "Enter the service's https address for this environment in Settings, then try again.",
    settings: true,
  },
  'invalid-key': {
    title: 'Not a valid private key',
    action: "Paste the whole private key of this environment, as the service's dashboard shows it.",
    settings: true,
  },
  'no-key': {
    title: 'No private key for this environment',
    action: 'Add the private key in Settings, test the connection, then try again.',
    settings: true,
  },
  'key-origin-mismatch': {
    title: 'The key was not sent: it belongs to another address',
    action: 'Enter the key again in Settings for the current base URL, or set the base URL back to the one the key was entered for.',
    settings: true,
  },
  'account-not-found': {
    title: 'No such account here',
    action: 'Choose one of the accounts set up for this environment, or add the account in Settings.',
    settings: true,
  },
  'invalid-account-name': {
    title: 'The account name cannot be used',
    action: 'Choose a short name no other account of this environment has, such as "Shop FR".',
  },
  'default-account-kept': {
    title: 'The Default account stays',
    action: 'Delete its key instead if it should no longer be used.',
    settings: true,
  },
  'not-found': {
    title: 'Not found',
    action: 'Check the ID for a typo, and that Settings has the environment it was made in.',
    settings: true,
  },
  unauthorized: {
    title: 'The service refused the private key',
    action: 'Check or replace the key in Settings, test the connection, then try again.',
    settings: true,
  },
  'key-rejected': {
    title: 'The service refused this key',
    action: "Make sure it is this environment's private key (not another environment's, not a public key), or replace it.",
    settings: true,
  },
  'bad-request': {
    title: 'The service refused the request',
    action: 'Correct what its message names and send again.',
  },
  'service-asked-to-wait': {
    title: 'The service asked the app to wait',
    action: 'Send it anyway (the service may refuse it), or cancel and try again once the wait is over.',
    retry: true,
  },
  'rate-limited': {
    title: 'The service is limiting requests',
    action: 'Wait a minute and try again, or lower the throttle ceiling on the Requests screen.',
    retry: true,
  },
  'server-error': {
    title: 'The service had an internal error',
    action: "Try again in a few minutes; if it persists, check the service's status page.",
    retry: true,
  },
  'outcome-unknown': {
    title: 'It may have been carried out',
    action: "Check the service's dashboard before sending it again: sending twice can create a duplicate.",
    tone: 'warning',
  },
  timeout: {
    title: 'The service did not answer in time',
    action: "Try again; if it keeps happening, check the internet connection and the service's status.",
    retry: true,
  },
  network: {
    title: 'The service could not be reached',
    action: 'Check the internet connection and the base URL in Settings, then try again.',
    retry: true,
  },
  'sandbox-not-running': {
    title: 'The local sandbox is not running',
    action: 'Restart Payments Desk to start it again, or choose another environment in Settings.',
  },
  'invalid-response': {
    title: "The service's answer could not be read",
    action: 'Try again; if it persists, check the base URL in Settings: it may point at something other than the payment service.',
    retry: true,
  },
  'response-too-large': {
    title: "The service's answer was too large to read",
    action: 'Try again; if it persists, check the base URL in Settings: it may point at something other than the payment service.',
    retry: true,
  },
  'redirect-refused': {
    title: 'The service answered with a redirect',
    action: 'A key is never sent on to another address: set the final address as the base URL in Settings.',
    settings: true,
  },
  cancelled: {
    title: 'Cancelled',
    action: 'Nothing more was sent. Start it again when you are ready.',
    tone: 'neutral',
  },
  'keychain-unavailable': {
    title: 'The system keychain is not available',
    action:
      'Start or install the system keychain (Keychain Access, Credential Manager, GNOME Keyring or KWallet), then restart Payments Desk.',
  },
  'keychain-locked': {
    title: 'The system keychain is locked',
    action: 'Unlock it (log in again, or open the keychain app), then try again.',
    retry: true,
  },
  'keychain-error': {
    title: 'The system keychain refused the request',
    action: 'Try again; if it persists, restart Payments Desk and check the keychain app for its Payments Desk entries.',
  },
  storage: {
    title: 'A file could not be read or written',
    action: "The message names the file: free some disk space or fix the folder's permissions, then try again.",
  },
  forbidden: {
    title: "Refused: the request did not come from Payments Desk's window",
    action: 'Restart Payments Desk. If it happens again, report it: something else tried to use the app.',
  },
  'confirmation-required': {
    title: 'Not sent: a write to Production needs a confirmation',
    action: 'Answer the confirmation dialog that is open, if any, then try again.',
  },
  'confirmation-declined': {
    title: 'Cancelled in the confirmation dialog',
    action: 'Nothing was sent to Production. Send it again to be asked again.',
    tone: 'neutral',
  },
  'secret-already-revealed': {
    title: 'Already revealed: a secret is shown only once',
    action: 'The signature checker still uses it from the keychain. For a secret you can see again, register the endpoint anew.',
    tone: 'warning',
  },
  'endpoint-not-found': {
    title: "This endpoint is not in the app's list",
    action: 'Reload the list of endpoints; register the endpoint again if it is missing.',
  },
  'secret-not-in-keychain': {
    title: "The endpoint's secret is no longer in the keychain",
    action: 'Paste the secret into the checker instead, or register the endpoint anew for a new secret.',
  },
  'sandbox-only': {
    title: 'Only on the local sandbox',
    action: 'Choose the local sandbox in Settings to send test events and see deliveries.',
    settings: true,
  },
  'batch-not-found': {
    title: 'This batch no longer exists',
    action: 'Open the Batch screen again to reload the list of batches.',
  },
  'batch-already-running': {
    title: 'Another batch is running',
    action: 'Pause or cancel the running batch first, then start or resume this one.',
  },
  'batch-already-finished': {
    title: 'This batch has finished',
    action: 'A completed or cancelled batch is not resumed: start a new batch with the same IDs.',
  },
  'batch-not-finished': {
    title: 'This batch has not finished',
    action: 'Resume it to the end, or cancel it, then re-run what failed.',
  },
  'batch-environment-mismatch': {
    title: 'This batch belongs to another environment',
    action: 'Choose the environment the batch was started in (Settings), then resume it.',
    settings: true,
  },
  'no-ids': {
    title: 'There are no IDs to look up',
    action: 'Paste payment IDs, or open a CSV or TXT file that holds them.',
  },
  'too-many-ids': {
    title: 'Too many IDs for one batch',
    action: 'Split the list into several batches.',
  },
  'id-file-too-large': {
    title: 'The file is too large for one batch',
    action: 'Split it into smaller files and run one batch for each.',
  },
  'logs-folder-unavailable': {
    title: 'The logs folder could not be opened',
    action: 'Open the folder the message names in your file manager, or use Copy diagnostics, which holds the recent errors.',
  },
  'link-invalid': {
    title: 'This link cannot be opened',
    action:
      'Ask whoever sent it for the payment ID, or for a link made with Copy link in Payments Desk, and paste the ID into the Payment ID field.',
  },
  'link-account-unknown': {
    title: 'The account in this link is not set up',
    action:
      'Ask whoever sent the link which account the payment is in; an administrator can add that account in Settings. The payment was not looked up in any other account.',
  },
  'not-allowed-by-policy': {
    title: "Not allowed by your organisation's policy",
    action:
      'Your IT department sets this in the policy file of Payments Desk, not in Settings. Ask them if your work needs it; nothing was changed.',
    tone: 'neutral',
  },
  'environment-name-not-typed': {
    title: "Not sent: type the environment's name first",
    action: "Type Production in the confirmation field, exactly as shown, then send again. Your organisation's policy asks for it.",
  },
  internal: {
    title: 'Something went wrong inside Payments Desk',
    action: 'Try again; if it keeps happening, restart the app and report what you did.',
  },
} as const satisfies Record<ErrorCode, ErrorWords>

/** The words for a code; a code from a newer main process than this renderer gets the generic ones. */
export function wordsFor(code: string): ErrorWords {
  return (errorWords as Record<string, ErrorWords | undefined>)[code] ?? errorWords.internal
}
