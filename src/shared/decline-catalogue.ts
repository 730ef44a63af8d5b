import type { CustomerTexts } from './customer-messages'

// The payment error codes of the service's API (section 7.4), explained for the
// support agent who reads them: the wording, one entry per code. What the paying customer
// is told is in customer-messages.ts, in each language. decline-codes.ts looks a code up in both.

export type Retryable = 'yes' | 'no' | 'depends' | 'later'

// Who can act to get the payment through. A card that is blocked for good is
// fixed by the customer paying with another card, so 'customer' appears there too.
export type Fixer = 'customer' | 'issuing-bank' | 'merchant'

export interface DeclineExplanation {
  readonly code: string
  readonly known: boolean
  readonly title: string
  readonly meaning: string
  readonly fixedBy: readonly Fixer[]
  readonly retryable: Retryable
  readonly retryHint: string
  /** What to tell the customer, in English. */
  readonly customerMessage: string
  /** The same, in every language the agent can copy it in. */
  readonly customerMessages: CustomerTexts
  readonly agentNextStep: string
}

export const declineCodes = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'invalid_cvc',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'invalid_number',
  'processing_error',
  'generic_decline',
  'do_not_honor',
  'lost_card',
  'stolen_card',
  'restricted_card',
  'authentication_required',
  'withdrawal_count_limit_exceeded',
] as const

export type DeclineCode = (typeof declineCodes)[number]

export type CatalogueEntry = Omit<DeclineExplanation, 'code' | 'known' | 'customerMessage' | 'customerMessages'>

export const declineCatalogue: { readonly [K in DeclineCode]: CatalogueEntry } = {
  card_declined: {
    title: 'Declined by the bank',
    meaning: 'The bank that issued the card refused the payment. The bank does not tell us why.',
    fixedBy: ['customer', 'issuing-bank'],
    retryable: 'yes',
    retryHint: 'The customer can try again; if it is declined again, another card or a call to their bank is needed.',
    agentNextStep:
      'Tell the customer their bank declined the card. Suggest they try again, pay with a different card, or call the number on the back of their card to ask the bank why.',
  },
  insufficient_funds: {
    title: 'Not enough funds',
    meaning: 'The card does not have enough money or available credit to cover this payment.',
    fixedBy: ['customer'],
    retryable: 'yes',
    retryHint: 'A retry works once there are enough funds on the card, or straight away with a different card.',
    agentNextStep:
      'Let the customer know the card did not have enough funds. They can add funds and try again, or pay with a different card.',
  },
  expired_card: {
    title: 'Card expired',
    meaning: 'The card is past its expiry date, so the bank will not accept payments on it.',
    fixedBy: ['customer'],
    retryable: 'no',
    retryHint: 'Retrying the same card will not work: the customer needs a card that is in date.',
    agentNextStep:
      'Ask the customer to pay with a card that is in date, such as the replacement their bank sent. If the expired card is saved for a subscription, ask them to update their payment details.',
  },
  incorrect_cvc: {
    title: 'Wrong security code',
    meaning: 'The security code (CVC or CVV, the 3 or 4 digits on the card) does not match the card.',
    fixedBy: ['customer'],
    retryable: 'yes',
    retryHint: 'The customer can retry straight away with the correct security code.',
    agentNextStep:
      'Ask the customer to pay again and enter the security code exactly as printed on the card: 3 digits on the back, or 4 on the front for American Express.',
  },
  incorrect_number: {
    title: 'Wrong card number',
    meaning: 'The card number was not accepted as a real card number, usually because a digit was mistyped.',
    fixedBy: ['customer'],
    retryable: 'yes',
    retryHint: 'The customer can retry straight away with the card number typed correctly.',
    agentNextStep: 'Ask the customer to pay again and check every digit of the card number against the card.',
  },
  invalid_cvc: {
    title: 'Security code format invalid',
    meaning: 'The security code is not in a valid format, for example it has too few or too many digits.',
    fixedBy: ['customer'],
    retryable: 'yes',
    retryHint: 'The customer can retry straight away with a security code in the right format.',
    agentNextStep:
      'Ask the customer to pay again and enter the 3-digit code from the back of the card (4 digits on the front for American Express).',
  },
  invalid_expiry_month: {
    title: 'Invalid expiry month',
    meaning: 'The expiry month entered is not a valid month.',
    fixedBy: ['customer'],
    retryable: 'yes',
    retryHint: 'The customer can retry straight away with the expiry month as printed on the card.',
    agentNextStep: 'Ask the customer to pay again and enter the expiry month exactly as printed on the card (01 to 12).',
  },
  invalid_expiry_year: {
    title: 'Invalid expiry year',
    meaning: 'The expiry year entered is not valid, for example a year in the past or one mistyped.',
    fixedBy: ['customer'],
    retryable: 'yes',
    retryHint: 'The customer can retry straight away with the expiry year as printed on the card.',
    agentNextStep: 'Ask the customer to pay again and enter the expiry year exactly as printed on the card.',
  },
  invalid_number: {
    title: 'Card number format invalid',
    meaning: 'The card number is not in a valid format, for example it is too short, too long or contains other characters.',
    fixedBy: ['customer'],
    retryable: 'yes',
    retryHint: 'The customer can retry straight away with the full card number.',
    agentNextStep: 'Ask the customer to pay again and enter the full card number, digits only, exactly as printed on the card.',
  },
  processing_error: {
    title: 'Temporary processing error',
    meaning: 'A temporary problem occurred while the payment was being processed. It is not a problem with the card.',
    fixedBy: ['merchant'],
    retryable: 'yes',
    retryHint: 'Retrying after a few minutes usually works.',
    agentNextStep:
      "Ask the customer to try again in a few minutes. If payments keep failing with this code, report the payment ID to the payment service's support.",
  },
  generic_decline: {
    title: 'Declined, no reason given',
    meaning: 'The payment was declined and no specific reason was given.',
    fixedBy: ['customer', 'issuing-bank'],
    retryable: 'yes',
    retryHint: 'The customer can try again; if it is declined again, another card or a call to their bank is needed.',
    agentNextStep:
      'Tell the customer the card was declined. Suggest they try again, pay with a different card, or ask their bank why the payment was refused.',
  },
  do_not_honor: {
    title: 'Refused by the bank',
    meaning: 'The issuing bank refused the payment and gave no reason. It can be a one-off check by the bank or a lasting refusal.',
    fixedBy: ['customer', 'issuing-bank'],
    retryable: 'depends',
    retryHint: 'A retry can work after the customer has spoken to their bank; retrying without that usually fails again.',
    agentNextStep:
      "Tell the customer the card was declined and ask them to contact their bank before trying again, or to pay with a different card. Do not guess at the bank's reason.",
  },
  lost_card: {
    title: 'Card reported lost',
    meaning: 'The cardholder has reported the card as lost, so the bank refuses all payments on it.',
    fixedBy: ['customer', 'issuing-bank'],
    retryable: 'no',
    retryHint: 'This card will never work again; only a different card can complete the payment.',
    agentNextStep:
      "Treat it as a plain decline: do not tell the customer the card was reported lost. Ask for a different payment method. If the payment looks suspicious, follow your company's fraud process.",
  },
  stolen_card: {
    title: 'Card reported stolen',
    meaning: 'The card has been reported stolen, so the bank refuses all payments on it.',
    fixedBy: ['customer', 'issuing-bank'],
    retryable: 'no',
    retryHint: 'This card will never work again; only a different card can complete the payment.',
    agentNextStep:
      "Treat it as a plain decline: do not tell the customer the card was reported stolen. Ask for a different payment method, and follow your company's fraud process before fulfilling the order.",
  },
  restricted_card: {
    title: 'Card restricted',
    meaning: 'The bank has put a restriction on the card that stops this payment, for example on online or foreign use.',
    fixedBy: ['customer', 'issuing-bank'],
    retryable: 'no',
    retryHint: 'Retrying will not work unless the bank lifts the restriction; a different card can work straight away.',
    agentNextStep:
      'Treat it as a plain decline: do not mention a restriction. Ask the customer to pay with a different card or to contact their bank.',
  },
  authentication_required: {
    title: '3-D Secure check needed',
    meaning: 'The bank requires the customer to confirm the payment with 3-D Secure, and that check was not completed.',
    fixedBy: ['customer'],
    retryable: 'yes',
    retryHint: 'A retry works when the customer completes the 3-D Secure check from their bank.',
    agentNextStep:
      'Ask the customer to pay again and complete the 3-D Secure check their bank shows (a code by text or an approval in their banking app). If the check does not appear or keeps failing, they should contact their bank.',
  },
  withdrawal_count_limit_exceeded: {
    title: "Card's transaction limit reached",
    meaning: 'The card has reached the number of payments its bank allows in a set period, usually a day.',
    fixedBy: ['customer', 'issuing-bank'],
    retryable: 'later',
    retryHint: "Retry after the card's transaction-count window resets, typically the next day.",
    agentNextStep:
      'Tell the customer the card has hit its limit on the number of payments. They can try again tomorrow, pay now with a different card, or ask their bank to raise the limit.',
  },
}
