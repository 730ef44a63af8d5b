import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { boundJson, jsonLimits, moreFieldsKey, withinJsonBounds } from '../../src/shared/json-bounds'
import { truncateText } from '../../src/shared/truncate-text'

const small = { depth: 4, entries: 3, values: 12 }

describe('boundJson', () => {
  it('leaves JSON within the limits as it was', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), (value) => {
        const parsed: unknown = JSON.parse(JSON.stringify(value))
        if (withinJsonBounds(parsed, jsonLimits)) expect(boundJson(parsed)).toEqual(parsed)
      }),
    )
  })

  it('always answers something within the limits, which structured clone and JSON can carry', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => {
        const bounded = boundJson(JSON.parse(JSON.stringify(value)), small)
        expect(withinJsonBounds(bounded, small)).toBe(true)
        expect(() => structuredClone(bounded)).not.toThrow()
      }),
    )
  })

  it('says what it left out', () => {
    expect(boundJson([[[[[1]]]]], small)).toEqual([[[['…(left out by Payments Desk: nested deeper than 4 levels)']]]])
    expect(boundJson([1, 2, 3, 4, 5], small)).toEqual([1, 2, 3, '…(left out by Payments Desk: 2 more items)'])
    expect(boundJson({ a: 1, b: 2, c: 3, d: 4 }, small)).toEqual({
      a: 1,
      b: 2,
      c: 3,
      [moreFieldsKey]: '…(left out by Payments Desk: 1 more field)',
    })
  })

  it('keeps a "__proto__" field a plain field, never a prototype', () => {
    const bounded = boundJson(JSON.parse('{"__proto__":{"polluted":true},"a":1}')) as Record<string, unknown>
    expect(Object.getPrototypeOf(bounded)).toBe(Object.prototype)
    expect(Object.keys(bounded)).toEqual(['__proto__', 'a'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('copes with a million levels without recursion', () => {
    const deep: unknown = JSON.parse(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`)
    expect(withinJsonBounds(deep)).toBe(false)
    expect(withinJsonBounds(boundJson(deep))).toBe(true)
  })
})

describe('truncateText', () => {
  it('keeps short text, cuts long text saying how long it was, never halving a character', () => {
    expect(truncateText('short', 10)).toBe('short')
    expect(truncateText('x'.repeat(5_242_880), 4)).toBe('xxxx… (truncated, 5,242,880 characters in all)')
    expect(truncateText('ab😀cd', 3)).toBe('ab… (truncated, 6 characters in all)')
  })
})
