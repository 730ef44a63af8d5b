import { describe, expect, it } from 'vitest'
import { customerLanguages, customerMessages, type CustomerLanguage } from '../../src/shared/customer-messages'
import { declineCodes, explainDecline } from '../../src/shared/decline-codes'

const keys = [...declineCodes, 'unknown'] as const
const everyText = keys.flatMap((code) => customerLanguages.map((language) => [code, language, customerMessages[code][language]] as const))

// Codes whose reason the customer must not learn (the card reported lost or stolen, a bank's restriction).
const hiddenReasonCodes = ['lost_card', 'stolen_card', 'restricted_card', 'do_not_honor', 'generic_decline', 'card_declined'] as const

const revealing: Record<CustomerLanguage, RegExp> = {
  en: /lost|stolen|fraud|restrict|blocked/i,
  de: /verloren|gestohlen|betrug|gesperrt|eingeschränkt/i,
  fr: /perdu|vol(é|ée)|fraude|bloqu|restrein/i,
  es: /perdid|robad|fraude|bloquead|restringid/i,
}

// The informal address: du, tu, tú and their forms.
const informal: Partial<Record<CustomerLanguage, RegExp>> = {
  de: /\b(du|dich|dir|dein|deine|deinen|deiner|versuche|verwende)\b/i,
  fr: /\b(tu|toi|ton|ta|tes|essaie|utilise)\b/i,
  es: /(\btú\b|\btu\b|\btus\b|\bte\b|\bti\b|\btienes\b|\busa\b|inténtalo)/i,
}
const formal: Partial<Record<CustomerLanguage, RegExp>> = {
  de: /\b(Sie|Ihre|Ihrer|Ihrem|Ihren)\b/,
  fr: /\b(vous|votre|vos|veuillez)\b/i,
  es: /\b(su|sus|usted|utilice|inténtelo|compruebe|pague|confirme)\b/i,
}

describe('the customer messages', () => {
  it('have every language for every decline code and for an unknown code, and nothing else', () => {
    expect(Object.keys(customerMessages).sort()).toEqual([...keys].sort())
    for (const code of keys) expect(Object.keys(customerMessages[code]).sort(), code).toEqual([...customerLanguages].sort())
  })

  it.each(everyText)('%s in %s: a whole, finished sentence', (_code, _language, text) => {
    expect(text.trim().length).toBeGreaterThan(30)
    expect(text).toBe(text.trim())
    expect(text).toMatch(/[.!]$/)
    expect(text).not.toMatch(/\b(TODO|TBD|FIXME|XXX|lorem|ipsum)\b|\{|\}|\[|\]|<|>|\.\.\.|…|\s{2}|\$/i)
  })

  it.each(everyText)('%s in %s: no internal code, code-like word or HTML', (_code, _language, text) => {
    for (const code of declineCodes) expect(text.toLowerCase()).not.toContain(code)
    expect(text).not.toMatch(/\b\w+_\w+\b/)
    expect(text).not.toMatch(/\b(CVC|CVV|3-D Secure|3DS|decline code|issuer|acquirer)\b/i)
  })

  it.each(customerLanguages.filter((l) => l !== 'en'))('%s: every text is translated, not the English one', (language) => {
    for (const code of keys) expect(customerMessages[code][language], code).not.toBe(customerMessages[code].en)
  })

  it.each(customerLanguages.filter((l) => l !== 'en'))('%s: the formal address throughout (Sie, vous, usted)', (language) => {
    for (const code of keys) {
      const text = customerMessages[code][language]
      expect(text, code).toMatch(formal[language] ?? /./)
      expect(text, code).not.toMatch(informal[language] ?? /$^/)
    }
  })

  it.each(customerLanguages)('%s: a hidden reason is never given away, all such declines read the same', (language) => {
    const texts = new Set(hiddenReasonCodes.map((code) => customerMessages[code][language]))
    expect(texts.size).toBe(1)
    for (const code of keys) expect(customerMessages[code][language], code).not.toMatch(revealing[language])
  })

  it('is what the failure card explains with: the English text and every language', () => {
    const explained = explainDecline('insufficient_funds')
    expect(explained.customerMessage).toBe(customerMessages.insufficient_funds.en)
    expect(explained.customerMessages).toBe(customerMessages.insufficient_funds)
    expect(explainDecline('something_new').customerMessages).toBe(customerMessages.unknown)
    expect(explainDecline(null).customerMessages.de).toBe(customerMessages.unknown.de)
  })
})
