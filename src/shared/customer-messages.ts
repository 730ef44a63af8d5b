import type { DeclineCode } from './decline-catalogue'

// What the support agent may tell the paying customer about a failed payment, in each
// language the agent can copy it in: the one catalogue of customer-facing texts. Polite
// and formal (Sie, vous, usted), and never the internal reason where the catalogue says
// it must stay hidden.

export const customerLanguages = ['en', 'de', 'fr', 'es'] as const
export type CustomerLanguage = (typeof customerLanguages)[number]

/** Each language in its own words, as the copy menu lists them. */
export const customerLanguageNames: Record<CustomerLanguage, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
}

export function isCustomerLanguage(value: unknown): value is CustomerLanguage {
  return typeof value === 'string' && (customerLanguages as readonly string[]).includes(value)
}

export type CustomerTexts = Readonly<Record<CustomerLanguage, string>>

// One wording for every decline whose true reason must stay hidden: if a lost or
// stolen card got its own message, the message itself would give the reason away.
const plainDecline: CustomerTexts = {
  en: 'Your card was declined. Please use a different card or contact your bank.',
  de: 'Ihre Karte wurde abgelehnt. Bitte verwenden Sie eine andere Karte oder wenden Sie sich an Ihre Bank.',
  fr: 'Votre carte a été refusée. Veuillez utiliser une autre carte ou contacter votre banque.',
  es: 'Su tarjeta ha sido rechazada. Por favor, utilice otra tarjeta o póngase en contacto con su banco.',
}

const checkCardDetails: CustomerTexts = {
  en: 'Please check the card details and try again.',
  de: 'Bitte überprüfen Sie die Kartendaten und versuchen Sie es erneut.',
  fr: 'Veuillez vérifier les informations de votre carte et réessayer.',
  es: 'Por favor, compruebe los datos de la tarjeta e inténtelo de nuevo.',
}

const checkTheCode: CustomerTexts = {
  en: 'Please check the code on your card and try again.',
  de: 'Bitte prüfen Sie den Code auf Ihrer Karte und versuchen Sie es erneut.',
  fr: 'Veuillez vérifier le code figurant sur votre carte et réessayer.',
  es: 'Por favor, compruebe el código de su tarjeta e inténtelo de nuevo.',
}

/** A sentence saying what is wrong, followed by the shared next step in the same language. */
function then(problem: CustomerTexts, next: CustomerTexts): CustomerTexts {
  return {
    en: `${problem.en} ${next.en}`,
    de: `${problem.de} ${next.de}`,
    fr: `${problem.fr} ${next.fr}`,
    es: `${problem.es} ${next.es}`,
  }
}

/** Every decline code's message, and 'unknown' for a code the catalogue does not have (or none). */
export const customerMessages: { readonly [K in DeclineCode | 'unknown']: CustomerTexts } = {
  card_declined: plainDecline,
  insufficient_funds: {
    en: 'Your card does not have enough funds for this payment. Please use a different card, or try again once funds are available.',
    de: 'Für diese Zahlung ist auf Ihrer Karte nicht genügend Deckung vorhanden. Bitte verwenden Sie eine andere Karte oder versuchen Sie es erneut, sobald ausreichend Deckung vorhanden ist.',
    fr: 'Le solde disponible sur votre carte est insuffisant pour ce paiement. Veuillez utiliser une autre carte ou réessayer lorsque les fonds seront disponibles.',
    es: 'Su tarjeta no tiene fondos suficientes para este pago. Por favor, utilice otra tarjeta o inténtelo de nuevo cuando disponga de fondos.',
  },
  expired_card: {
    en: 'Your card has expired. Please pay with a different card, or with the replacement card from your bank.',
    de: 'Ihre Karte ist abgelaufen. Bitte bezahlen Sie mit einer anderen Karte oder mit der Ersatzkarte Ihrer Bank.',
    fr: 'Votre carte a expiré. Veuillez payer avec une autre carte ou avec la nouvelle carte envoyée par votre banque.',
    es: 'Su tarjeta ha caducado. Por favor, pague con otra tarjeta o con la tarjeta de sustitución que le haya enviado su banco.',
  },
  incorrect_cvc: then(
    {
      en: 'The security code you entered is not correct.',
      de: 'Der eingegebene Sicherheitscode ist nicht korrekt.',
      fr: 'Le code de sécurité saisi est incorrect.',
      es: 'El código de seguridad introducido no es correcto.',
    },
    checkTheCode,
  ),
  incorrect_number: then(
    {
      en: 'The card number you entered is not correct.',
      de: 'Die eingegebene Kartennummer ist nicht korrekt.',
      fr: 'Le numéro de carte saisi est incorrect.',
      es: 'El número de tarjeta introducido no es correcto.',
    },
    checkCardDetails,
  ),
  invalid_cvc: then(
    {
      en: 'The security code you entered is not valid.',
      de: 'Der eingegebene Sicherheitscode ist ungültig.',
      fr: "Le code de sécurité saisi n'est pas valide.",
      es: 'El código de seguridad introducido no es válido.',
    },
    checkTheCode,
  ),
  invalid_expiry_month: then(
    {
      en: "The card's expiry month is not valid.",
      de: 'Der Ablaufmonat der Karte ist ungültig.',
      fr: "Le mois d'expiration de la carte n'est pas valide.",
      es: 'El mes de caducidad de la tarjeta no es válido.',
    },
    checkCardDetails,
  ),
  invalid_expiry_year: then(
    {
      en: "The card's expiry year is not valid.",
      de: 'Das Ablaufjahr der Karte ist ungültig.',
      fr: "L'année d'expiration de la carte n'est pas valide.",
      es: 'El año de caducidad de la tarjeta no es válido.',
    },
    checkCardDetails,
  ),
  invalid_number: then(
    {
      en: 'The card number you entered is not valid.',
      de: 'Die eingegebene Kartennummer ist ungültig.',
      fr: "Le numéro de carte saisi n'est pas valide.",
      es: 'El número de tarjeta introducido no es válido.',
    },
    checkCardDetails,
  ),
  processing_error: {
    en: 'Something went wrong while processing your payment. Please try again in a few minutes.',
    de: 'Bei der Verarbeitung Ihrer Zahlung ist ein Fehler aufgetreten. Bitte versuchen Sie es in einigen Minuten erneut.',
    fr: 'Un problème est survenu lors du traitement de votre paiement. Veuillez réessayer dans quelques minutes.',
    es: 'Se ha producido un error al procesar su pago. Por favor, inténtelo de nuevo dentro de unos minutos.',
  },
  generic_decline: plainDecline,
  do_not_honor: plainDecline,
  lost_card: plainDecline,
  stolen_card: plainDecline,
  restricted_card: plainDecline,
  authentication_required: {
    en: 'Your bank needs you to confirm this payment. Please try again and complete the check from your bank, such as a code sent by text or an approval in your banking app.',
    de: 'Ihre Bank möchte, dass Sie diese Zahlung bestätigen. Bitte versuchen Sie es erneut und schließen Sie die Prüfung Ihrer Bank ab, zum Beispiel mit einem per SMS gesendeten Code oder einer Freigabe in Ihrer Banking-App.',
    fr: 'Votre banque vous demande de confirmer ce paiement. Veuillez réessayer et effectuer la vérification demandée par votre banque, par exemple un code reçu par SMS ou une validation dans votre application bancaire.',
    es: 'Su banco necesita que confirme este pago. Por favor, inténtelo de nuevo y complete la verificación de su banco, por ejemplo, con un código recibido por SMS o una aprobación en la aplicación de su banco.',
  },
  withdrawal_count_limit_exceeded: {
    en: 'Your card has reached its limit on the number of payments for now. Please try again tomorrow, use a different card, or ask your bank to raise the limit.',
    de: 'Ihre Karte hat die zulässige Anzahl an Zahlungen vorerst erreicht. Bitte versuchen Sie es morgen erneut, verwenden Sie eine andere Karte oder bitten Sie Ihre Bank, das Limit zu erhöhen.',
    fr: 'Votre carte a atteint pour le moment le nombre maximal de paiements autorisés. Veuillez réessayer demain, utiliser une autre carte ou demander à votre banque de relever cette limite.',
    es: 'Su tarjeta ha alcanzado por ahora el número máximo de pagos permitidos. Por favor, inténtelo de nuevo mañana, utilice otra tarjeta o solicite a su banco que aumente el límite.',
  },
  unknown: {
    en: 'Your payment could not be completed. Please try again, use a different card, or contact your bank.',
    de: 'Ihre Zahlung konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut, verwenden Sie eine andere Karte oder wenden Sie sich an Ihre Bank.',
    fr: "Votre paiement n'a pas pu être finalisé. Veuillez réessayer, utiliser une autre carte ou contacter votre banque.",
    es: 'No se ha podido completar su pago. Por favor, inténtelo de nuevo, utilice otra tarjeta o póngase en contacto con su banco.',
  },
}
