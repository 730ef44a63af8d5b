import { describe, expect, it } from 'vitest'
import { errorCodes } from '../../src/shared/app-error'
import { channelErrors, dispatcherErrors } from '../../src/shared/contract/channel-errors'
import { errorWords, wordsFor } from '../../src/shared/error-words'

describe('the error vocabulary', () => {
  it('has words for every code, and for no code that does not exist', () => {
    expect(Object.keys(errorWords).sort()).toEqual([...errorCodes].sort())
  })

  it.each(errorCodes)('%s: a heading and a next step a person can act on', (code) => {
    const { title, action } = errorWords[code]
    expect(title.trim()).not.toBe('')
    expect(title, 'a heading, not a sentence').not.toMatch(/\.$/)
    expect(action.trim().length).toBeGreaterThan(20)
    expect(action).toMatch(/[.!]$/)
  })

  it('every code a channel declares has words, and every code is declared by some channel', () => {
    const declared = new Set<string>([...dispatcherErrors, ...Object.values(channelErrors).flat()])
    for (const code of declared) expect(wordsFor(code), code).toBe(errorWords[code as keyof typeof errorWords])
    // A code no channel can answer is one the renderer would test in vain.
    expect(errorCodes.filter((code) => !declared.has(code))).toEqual([])
  })

  it('gives a code from a newer main process the generic words, not nothing', () => {
    expect(wordsFor('some-future-code')).toBe(errorWords.internal)
  })
})
