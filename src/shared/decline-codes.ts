import { customerMessages } from './customer-messages'
import { declineCatalogue, declineCodes, type DeclineCode, type DeclineExplanation, type Retryable } from './decline-catalogue'

// A decline code as the service sent it, explained from the catalogue; an unknown or
// missing code still gets words the agent can act on.

export { declineCodes, type DeclineCode, type DeclineExplanation, type Fixer, type Retryable } from './decline-catalogue'

export function isDeclineCode(value: string): value is DeclineCode {
  return (declineCodes as readonly string[]).includes(value)
}

export function explainDecline(code: string | null | undefined): DeclineExplanation {
  const received = code?.trim() ?? ''
  const normalized = received.toLowerCase()
  if (isDeclineCode(normalized)) {
    const texts = customerMessages[normalized]
    return { code: normalized, known: true, ...declineCatalogue[normalized], customerMessage: texts.en, customerMessages: texts }
  }
  return unknownDecline(received)
}

function unknownDecline(received: string): DeclineExplanation {
  return {
    code: received,
    known: false,
    title: received === '' ? 'No decline code given' : 'Unrecognised decline code',
    meaning:
      received === ''
        ? 'The payment service did not say why the payment failed.'
        : 'The payment service sent a decline code that this app does not know.',
    fixedBy: ['merchant'],
    retryable: 'depends',
    retryHint: 'Whether a retry can work is unknown until the payment service explains the failure.',
    customerMessage: customerMessages.unknown.en,
    customerMessages: customerMessages.unknown,
    agentNextStep:
      received === ''
        ? "Contact the payment service's support with the payment ID and ask why the payment failed. Meanwhile the customer can try again or use a different card."
        : `Quote the raw code "${received}" and the payment ID to the payment service's support and ask what it means. Meanwhile the customer can try again or use a different card.`,
  }
}

/**
 * Finance's two-way reading of the spec's four answers, for totals and re-runs: 'later' counts as
 * a retry the customer can make (after a wait, as the spec's column says); 'depends' (do_not_honor,
 * an unknown or missing code) does not, since nothing says a retry will work.
 */
export function customerCanRetry(retryable: Retryable): boolean {
  return retryable === 'yes' || retryable === 'later'
}
