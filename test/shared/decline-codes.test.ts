import { describe, it, expect } from 'vitest'
import { declineCodes, explainDecline, isDeclineCode } from '../../src/shared/decline-codes'

// Copied by hand from the "Customer can retry" column of section 7.4 of the API
// document, so a change to the catalogue cannot silently move away from the spec.
const specTable: readonly (readonly [string, 'yes' | 'no' | 'depends' | 'later'])[] = [
  ['card_declined', 'yes'],
  ['insufficient_funds', 'yes'],
  ['expired_card', 'no'],
  ['incorrect_cvc', 'yes'],
  ['incorrect_number', 'yes'],
  ['invalid_cvc', 'yes'],
  ['invalid_expiry_month', 'yes'],
  ['invalid_expiry_year', 'yes'],
  ['invalid_number', 'yes'],
  ['processing_error', 'yes'],
  ['generic_decline', 'yes'],
  ['do_not_honor', 'depends'],
  ['lost_card', 'no'],
  ['stolen_card', 'no'],
  ['restricted_card', 'no'],
  ['authentication_required', 'yes'],
  ['withdrawal_count_limit_exceeded', 'later'],
]

const hiddenReasonCodes = ['lost_card', 'stolen_card', 'restricted_card', 'do_not_honor', 'generic_decline']

const revealingWords = /lost|stole|theft|restrict|fraud|suspic|suspect|police|report|block/i

describe('decline-code catalogue', () => {
  it('lists exactly the 17 codes of the spec', () => {
    expect([...declineCodes].sort()).toEqual(specTable.map(([code]) => code).sort())
    expect(new Set(declineCodes).size).toBe(17)
  })

  it.each(specTable)('%s is known and retryable "%s" as the spec says', (code, retryable) => {
    const explanation = explainDecline(code)
    expect(explanation.known).toBe(true)
    expect(explanation.code).toBe(code)
    expect(explanation.retryable).toBe(retryable)
    expect(isDeclineCode(code)).toBe(true)
  })

  it.each(specTable)('%s has every text filled in and someone who can fix it', (code) => {
    const explanation = explainDecline(code)
    for (const text of [
      explanation.title,
      explanation.meaning,
      explanation.retryHint,
      explanation.customerMessage,
      explanation.agentNextStep,
    ]) {
      expect(text.trim()).not.toBe('')
    }
    expect(explanation.fixedBy.length).toBeGreaterThan(0)
  })

  it.each(specTable)('the customer message for %s gives no hidden reason away', (code) => {
    expect(explainDecline(code).customerMessage).not.toMatch(revealingWords)
  })

  it('shows the same plain decline for every code whose reason stays hidden', () => {
    const messages = new Set(hiddenReasonCodes.map((code) => explainDecline(code).customerMessage))
    expect(messages.size).toBe(1)
    expect([...messages][0]).toMatch(/declined/i)
    expect(explainDecline('card_declined').customerMessage).toBe(explainDecline('lost_card').customerMessage)
  })

  it('sends the customer to their bank for the 3-D Secure check', () => {
    const explanation = explainDecline('authentication_required')
    expect(explanation.fixedBy).toContain('customer')
    expect(explanation.customerMessage).toMatch(/bank/i)
    expect(explanation.agentNextStep).toMatch(/3-D Secure/)
  })

  it('asks for a new card when the card has expired', () => {
    const explanation = explainDecline('expired_card')
    expect(explanation.retryHint).toMatch(/will not work/i)
    expect(explanation.customerMessage).toMatch(/different card|replacement card/i)
  })

  it('matches codes after trimming whitespace and lowercasing', () => {
    expect(explainDecline('  card_declined\n').code).toBe('card_declined')
    expect(explainDecline('Expired_Card').known).toBe(true)
    expect(explainDecline('Expired_Card').code).toBe('expired_card')
  })

  it('does not fold other spellings into a known code', () => {
    expect(explainDecline('card-declined').known).toBe(false)
    expect(explainDecline('carddeclined').known).toBe(false)
    expect(explainDecline('card declined').known).toBe(false)
  })
})

describe('decline-code fallback', () => {
  it('explains an unknown code without guessing, and tells the agent to quote it', () => {
    const explanation = explainDecline('  velocity_exceeded ')
    expect(explanation.known).toBe(false)
    expect(explanation.code).toBe('velocity_exceeded')
    expect(explanation.retryable).toBe('depends')
    expect(explanation.agentNextStep).toContain('"velocity_exceeded"')
    expect(explanation.agentNextStep).toMatch(/payment service's support/)
    expect(explanation.customerMessage).not.toMatch(revealingWords)
    expect(explanation.customerMessage.trim()).not.toBe('')
  })

  it('quotes an unknown code as it was received, not lowercased', () => {
    expect(explainDecline('Velocity_Exceeded').agentNextStep).toContain('"Velocity_Exceeded"')
  })

  it.each([null, undefined, '', '   '])('falls back when the code is %j', (code) => {
    const explanation = explainDecline(code)
    expect(explanation.known).toBe(false)
    expect(explanation.code).toBe('')
    expect(explanation.retryable).toBe('depends')
    expect(explanation.title).toMatch(/no decline code/i)
    expect(explanation.agentNextStep).toMatch(/payment service's support/)
    expect(explanation.customerMessage.trim()).not.toBe('')
  })

  it('does not treat object property names as codes', () => {
    for (const code of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(explainDecline(code).known).toBe(false)
      expect(isDeclineCode(code)).toBe(false)
    }
  })

  it('has the same generic customer message for every unknown code', () => {
    expect(explainDecline('something_new').customerMessage).toBe(explainDecline(null).customerMessage)
  })
})
